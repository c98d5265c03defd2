"""The camera's eyes: from a frame to board inches.

- ``profile``       board profiles (TABLE_SPEC TOML): size, frame markers, tile grid
- ``camera_model``  CAMERA.toml: intrinsics and lens distortion
- ``registration``  the frame markers -> homography to board inches, every frame
- ``projective``    homographies fitted and pictures warped, the same whatever OpenCV's release
- ``colours``       team colours: the nominal palette, taught ones, the surface warning
- ``picture_colours`` the team colours a picture shows, learned from its own pixels
- ``blends``        where a colour lies between a paint and the surface (a rim's blur, a thin rim)
- ``bases``         miniature bases from their coloured rims, fitted to sub-pixel edges
- ``tokens``        the marked tokens (ball, movement, turn, active player)
- ``tracker``       stable identities across frames, no ghost moves
- ``pipeline``      all of it per frame, and the thread that runs it off the screen
- ``detect``        `companion detect`: one image to JSON
- ``sheets``        printable marker sheets (`companion markers`)
- ``calibrate``     ChArUco camera calibration (`companion calibrate camera`)
"""
