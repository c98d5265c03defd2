#!/bin/sh
# Install the companion on Raspberry Pi OS (bookworm), keeping apt's numpy.
#
#   docs/pi/install.sh                      apt packages, the venv, the package, the systemd
#                                           unit, the udev rule, the groups, then `companion doctor`
#   docs/pi/install.sh --venv DIR --no-system
#                                           only the venv and the package: no apt, no sudo
#                                           (checkable on any Debian machine)
#
# Why: apt's picamera2 imports simplejpeg, a C extension built against apt's numpy
# (1.24 on bookworm). A plain `pip install` into a venv with system site packages brings
# numpy 2.x, which shadows apt's, and picamera2 then fails to import ("numpy.dtype size
# changed" or "numpy.core.multiarray failed to import"). So the package is installed with
# a constraints file that pins numpy to the version apt installed; opencv-python-headless
# 4.12 and later require numpy 2, so with numpy 1.x OpenCV is held below 4.12 (4.11 has the
# cv2.aruco.ArucoDetector API the project uses; apt's python3-opencv, 4.6, does not).
#
# Run it again at any time: it repairs a venv that an earlier plain `pip install` broke.
# Never run on a real Pi by its authors: see docs/pi/README.md.
set -eu

REPO=$(cd "$(dirname "$0")/../.." && pwd)
VENV="$REPO/.venv"
SYSTEM=1
PYTHON=/usr/bin/python3

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; }
say() { printf '\n== %s\n' "$*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --venv) [ $# -ge 2 ] || die "--venv needs a folder"; VENV=$2; shift 2 ;;
        --no-system) SYSTEM=0; shift ;;
        --python) [ $# -ge 2 ] || die "--python needs a path"; PYTHON=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option $1" ;;
    esac
done

if [ "$SYSTEM" = 1 ]; then
    say "apt packages (sudo)"
    sudo apt-get update
    sudo apt-get install -y python3-venv python3-numpy git
    if apt-cache show python3-picamera2 >/dev/null 2>&1; then
        sudo apt-get install -y python3-picamera2
    else
        echo "python3-picamera2 is not in this system's apt (not Raspberry Pi OS?):"
        echo "the Pi camera backend will not be there; a USB webcam works ([camera] backend = \"opencv\")"
    fi
fi

[ -x "$PYTHON" ] || die "$PYTHON not found: install python3, or give --python PATH"

say "the venv: $VENV (with the system's site packages, so apt's picamera2 is seen)"
"$PYTHON" -m venv --system-site-packages "$VENV"
PY="$VENV/bin/python"
mkdir -p "$VENV"
CONSTRAINTS="$VENV/companion-constraints.txt"
SYSTEM_NUMPY=$("$PYTHON" -c 'import numpy; print(numpy.__version__)' 2>/dev/null || true)
if [ -n "$SYSTEM_NUMPY" ]; then
    echo "numpy==$SYSTEM_NUMPY" > "$CONSTRAINTS"
    case "$SYSTEM_NUMPY" in
        1.*) echo "opencv-python-headless<4.12" >> "$CONSTRAINTS" ;;   # 4.12 and later need numpy 2
    esac
    echo "keeping the system's numpy $SYSTEM_NUMPY (constraints: $CONSTRAINTS)"
    # a numpy that an earlier plain `pip install` put in the venv shadows the system's: remove it
    if [ "$("$PY" -c 'import numpy, sys; print(numpy.__file__.startswith(sys.prefix))' 2>/dev/null || echo False)" = True ]; then
        "$PY" -m pip uninstall -y -q numpy
    fi
else
    : > "$CONSTRAINTS"
    echo "no numpy in the system's Python: the venv gets its own (fine without apt's picamera2)"
fi

say "the companion"
"$PY" -m pip install -q -c "$CONSTRAINTS" -e "$REPO"
"$PY" - "$SYSTEM_NUMPY" <<'EOF'
import sys

import cv2
import numpy

cv2.aruco.ArucoDetector                      # the API the marker finder uses
want = sys.argv[1]
print(f"numpy {numpy.__version__} from {numpy.__file__}, OpenCV {cv2.__version__}")
if want and numpy.__version__ != want:
    sys.exit(f"install.sh: the venv's numpy is {numpy.__version__}, not the system's {want}")
EOF

if [ "$SYSTEM" = 1 ]; then
    WHO=${SUDO_USER:-$(id -un)}
    say "start at boot (systemd unit for user $WHO) and the controller's port (udev)"
    sed -e "s|^User=.*|User=$WHO|" -e "s|/home/pi/companion/.venv|$VENV|g" -e "s|/home/pi/companion|$REPO|g" \
        "$REPO/docs/pi/companion.service" | sudo tee /etc/systemd/system/companion.service >/dev/null
    sudo cp "$REPO/docs/pi/99-companion-controller.rules" /etc/udev/rules.d/
    sudo udevadm control --reload && sudo udevadm trigger
    GROUPS_WANTED=""
    for g in video render input gpio dialout audio; do
        getent group "$g" >/dev/null && GROUPS_WANTED="$GROUPS_WANTED${GROUPS_WANTED:+,}$g"
    done
    [ -n "$GROUPS_WANTED" ] && sudo usermod -aG "$GROUPS_WANTED" "$WHO"
    sudo systemctl daemon-reload
    sudo systemctl enable companion
    echo "enabled: it starts at the next boot (now: sudo systemctl start companion; log: journalctl -u companion -f)"
    echo "groups $GROUPS_WANTED added to $WHO: log out and in (or reboot) before running it by hand"

    say "companion doctor"
    "$VENV/bin/companion" doctor || echo "(doctor found problems: each line above has a hint; docs/pi/README.md)"
fi
say "done: $VENV/bin/companion"
