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

# 1. Home, and the deck browser with a card picked.
start
sleep 3
shot home
xdotool mousemove 180 12 click 1
sleep 1
xdotool mousemove 200 270 click 1
sleep 1
shot decks
stop

# 2. A board mid-game: the bot plays my seat until turn 12, then hands it back to me.
start app --format kairu-dotr --deck forest-pack --bot-deck dragons-hoard --seed 7 \
  --bot-delay-ms 30 --autopilot --autopilot-until-turn 12
sleep 14
shot board
# Click one of my monsters (d7 in this seeded game): its moves and attacks light up.
xdotool mousemove 551 487 click 1
sleep 1
shot board-selected
# Point at a card in the hand: its full text shows.
xdotool mousemove 660 745
sleep 1.5
shot board-hand-hover
# The same board in a bigger window.
xdotool windowsize "$window" 1920 1080
sleep 2
shot board-1920 1920 1080
stop

# 3. The result screen: the bot plays my seat to the end.
start app --format dor-classic --seed 3 --bot-delay-ms 0 --autopilot
sleep 25
shot result
stop

# 4. Hosting: the ticket, its copy button and QR code (on this computer only, so nothing is
# sent anywhere).
start app --loopback
sleep 3
xdotool mousemove 958 210 click 1
sleep 3
shot lobby
stop

# 5. Four players: the bots play every seat until turn 14, then my seat is handed back.
start app --format kairu-dotr-4p --deck forest-pack --bot-deck dragons-hoard --seed 5 \
  --bot-delay-ms 20 --autopilot --autopilot-until-turn 14
sleep 16
shot board-4p
stop

# 6. Kingdom Duels: the card game's field (terrain markers over the Frontrow, the Backrow,
# the Rule Zone and the piles, the phase bar); the bot plays my seat until turn 6.
start app --format kingdom-duels --deck yugis-magicians --bot-deck kaibas-dragons --seed 11 \
  --bot-delay-ms 30 --autopilot --autopilot-until-turn 6
sleep 12
shot board-kingdom-duels
stop

# 7. Kingdom Duels' Tag Duel: my partner beside me, the other team across.
start app --format kingdom-duels-tag --deck yugis-magicians --bot-deck kaibas-dragons \
  --seed 3 --bot-delay-ms 20 --autopilot --autopilot-until-turn 9
sleep 14
shot board-kingdom-duels-tag
stop

# 7. Domain Format: the Deck Master Zones (where each Deck Master is, what its next summon
# costs), Set monsters, four players; the bots play every seat until turn 9.
start app --format domain-4 --deck sky-domain --bot-deck dark-magician-domain --seed 4 \
  --bot-delay-ms 20 --autopilot --autopilot-until-turn 9
sleep 16
shot board-domain-4
stop
