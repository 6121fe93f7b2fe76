#!/usr/bin/env bash
# Runs drive.py against the real window: a virtual X display (Xvfb), a D-Bus session with
# the accessibility bus switched on (what a screen reader would do), then the driver.
# Usage: tests/real_window/run.sh BINARY
# Needs: xvfb xdotool x11-utils (xprop) at-spi2-core python3-pyatspi dbus-x11 (Debian's
# /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=$(realpath "$1")
work=$(mktemp -d)
trap 'kill "${xvfb:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$here/../../assets/ers7-stand-to-sit.mtn" "$work/motion.mtn"
export XDG_RUNTIME_DIR="$work/runtime" HOME="$work/home"
mkdir -p "$XDG_RUNTIME_DIR" "$HOME"
chmod 700 "$XDG_RUNTIME_DIR"
# Xvfb picks a free display and says which (two runs at once must not take the same).
Xvfb -displayfd 3 -screen 0 1920x1200x24 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb=$!
# Wait for the display to take connections (a fixed sleep was sometimes too short).
for _ in $(seq 50); do
  [ -s "$work/display" ] && [ -S "/tmp/.X11-unix/X$(head -1 "$work/display")" ] && break
  sleep 0.2
done
display=:$(head -1 "$work/display")
export DISPLAY=$display
status=0
dbus-run-session -- bash -c '
  set -euo pipefail
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
  sleep 1
  status() {
    dbus-send --session --type=method_call --print-reply --dest=org.a11y.Bus /org/a11y/bus \
      org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:IsEnabled \
      variant:boolean:$1 >/dev/null
  }
  status true
  /usr/bin/python3 "$1" "$2" "$3"
' _ "$here/drive.py" "$binary" "$work/motion.mtn" 2>"$work/session.log" || status=$?
if [ "$status" -ne 0 ]; then
  echo "real-window: the session's errors (accessibility bus, D-Bus, the app):" >&2
  grep -v "dbind-WARNING\|^$" "$work/session.log" | tail -40 >&2
fi
exit "$status"
