try:
    from companion.cli import main
except KeyboardInterrupt:           # Ctrl-C while the program is still loading
    raise SystemExit(130) from None

raise SystemExit(main())
