#!/usr/bin/env bash
# Installs the few system libraries Qt needs headless (and the tools the
# screenshot, PDF and packaging checks use) when they are missing and we may install.
# On a desktop they are already there; on a bare Debian/Ubuntu machine or CI
# running as root they are fetched with apt-get.
set -u
need=()
have_lib() { ldconfig -p 2>/dev/null | grep -q "$1"; }
have_lib libglib-2.0.so.0 || need+=(libglib2.0-0)
have_lib libEGL.so.1 || need+=(libegl1)
have_lib libGL.so.1 || need+=(libgl1)
have_lib libfontconfig.so.1 || need+=(libfontconfig1)
have_lib libxkbcommon.so.0 || need+=(libxkbcommon0)
have_lib libdbus-1.so.3 || need+=(libdbus-1-3)
have_lib libxkbcommon-x11.so.0 || need+=(libxkbcommon-x11-0)
have_lib libxcb-cursor.so.0 || need+=(libxcb-cursor0)
have_lib libxcb-icccm.so.4 || need+=(libxcb-icccm4)
have_lib libxcb-keysyms.so.1 || need+=(libxcb-keysyms1)
have_lib libxcb-image.so.0 || need+=(libxcb-image0)
have_lib libxcb-randr.so.0 || need+=(libxcb-randr0)
have_lib libxcb-render-util.so.0 || need+=(libxcb-render-util0)
have_lib libxcb-shape.so.0 || need+=(libxcb-shape0)
have_lib libxcb-xkb.so.1 || need+=(libxcb-xkb1)
have_lib libX11-xcb.so.1 || need+=(libx11-xcb1)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
command -v Xvfb >/dev/null || need+=(xvfb)
# Packaging: the validators of the desktop files, the MIME database, readelf (make dist).
command -v desktop-file-validate >/dev/null || need+=(desktop-file-utils)
command -v appstreamcli >/dev/null || need+=(appstream)
command -v update-mime-database >/dev/null || need+=(shared-mime-info)
command -v readelf >/dev/null || need+=(binutils)
# Names in Chinese or Japanese on cards: Qt takes their glyphs from an installed font.
command -v fc-list >/dev/null && { fc-list :lang=zh | grep -q . || need+=(fonts-wqy-microhei); }
# Server campaigns: the tests start a scratch PostgreSQL server (initdb, pg_ctl, psql).
command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
  || need+=(postgresql)
# The players' view: its browser tests drive Debian's Chromium through its chromedriver.
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
[ ${#need[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "Installing system packages: ${need[*]}"
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
elif command -v apt-get >/dev/null && command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq >/dev/null && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "Note: these system packages may be missing: ${need[*]} (install them if Qt fails to start)" >&2
fi
exit 0
