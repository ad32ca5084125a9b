#!/usr/bin/env bash
# Runs the desktop app under a virtual X server (Xvfb) with Mesa's software OpenGL and saves
# screenshots of the home screen, a board in the middle of a Kairu match (as it is, with a
# hand card selected, and in a bigger window), the result screen with the audit verdict, and
# the lobby of a hosted match (ticket and QR code), a four-player board, and Kingdom Duels'
# field for two players and for its Tag Duel.
#
#   tools/screenshots.sh [OUT_DIR]      (default: screenshots/, which git ignores)
#
# Needs: xvfb, imagemagick (import), xdotool, Mesa's GL drivers. As root it installs what is
# missing with apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-screenshots}"
mkdir -p "$out"

packages=()
command -v Xvfb >/dev/null || packages+=(xvfb)
command -v import >/dev/null || packages+=(imagemagick)
command -v xdotool >/dev/null || packages+=(xdotool)
ldconfig -p | grep -q 'libGLX_mesa\|libGL.so.1' || packages+=(libgl1 libglx-mesa0 libgl1-mesa-dri)
ldconfig -p | grep -q libEGL.so.1 || packages+=(libegl1)
ldconfig -p | grep -q libxkbcommon-x11 || packages+=(libxkbcommon-x11-0)
if ((${#packages[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    apt-get update -qq && apt-get install -y -qq "${packages[@]}" >/dev/null
  else
    echo "missing: ${packages[*]} (install them, e.g. with apt-get)" >&2
    exit 1
  fi
fi

cargo build --release --quiet
app=target/release/fairduel

display=":${FAIRDUEL_DISPLAY:-97}"
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb_pid=$!
app_pid=""
home_dir="$(mktemp -d)"
cleanup() {
  [[ -n "$app_pid" ]] && kill "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$home_dir"
}
trap cleanup EXIT
export DISPLAY="$display"
# A fresh home: no saved settings or window size from earlier runs.
export HOME="$home_dir" XDG_CONFIG_HOME="$home_dir/.config" XDG_DATA_HOME="$home_dir/.local/share"
export LIBGL_ALWAYS_SOFTWARE=1 WINIT_UNIX_BACKEND=x11
unset WAYLAND_DISPLAY
sleep 1

# Starts the app with the given arguments and waits for its window.
start() {
  "$app" "$@" >"$out/app.log" 2>&1 &
  app_pid=$!
  for _ in $(seq 1 100); do
    if xdotool search --name '^FairDuel$' >/dev/null 2>&1; then
      window=$(xdotool search --name '^FairDuel$' | head -n1)
      xdotool windowmove "$window" 0 0 windowsize "$window" 1280 800
      return 0
    fi
    sleep 0.2
  done
  echo "the app window did not appear; see $out/app.log" >&2
  exit 1
}

stop() {
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
}

shot() {
  local name="$1" width="${2:-1280}" height="${3:-800}"
  import -window root -crop "${width}x${height}+0+0" +repage "$out/$name.png"
  echo "saved $out/$name.png"
}
start app --format domain-6 --seed 4 --bot-delay-ms 0 --autopilot --autopilot-until-turn 9
sleep 30
shot domain-6 1280 800
stop
