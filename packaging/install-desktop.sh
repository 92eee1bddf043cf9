#!/bin/sh
# Installs TFT Manager's desktop integration (menu entry, icon, AppStream
# metadata, the .tftcampaign file type) for one user or into a prefix.
#
#   ./install-desktop.sh                  # the unpacked app: ~/.local/share
#   ./install-desktop.sh --prefix /usr/local --exec /opt/TFTManager/TFTManager
#   ./install-desktop.sh --uninstall
#
# Run from the unpacked archive, it points the menu entry at the TFTManager
# executable beside it; `make install-desktop` runs it from a checkout with
# the project venv's tftmanager-gui. Files come from share/ beside the script.
set -eu
ID=io.github.tftmanager.TFTManager
HERE=$(cd "$(dirname "$0")" && pwd)
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}"
PREFIX_IS_SHARE=1
EXEC="$HERE/TFTManager"
SHARE="$HERE/share"
UNINSTALL=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) PREFIX="$2"; PREFIX_IS_SHARE=0; shift 2 ;;
    --exec) EXEC="$2"; shift 2 ;;
    --share) SHARE="$2"; shift 2 ;;
    --uninstall) UNINSTALL=1; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "install-desktop.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
if [ "$PREFIX_IS_SHARE" = 1 ]; then DEST="$PREFIX"; else DEST="$PREFIX/share"; fi
SIZES="16 22 24 32 48 64 128 256 512"

refresh() {
  # The caches desktops read; each tool is optional, and a failure is no error.
  command -v update-mime-database >/dev/null && update-mime-database "$DEST/mime" >/dev/null 2>&1
  command -v update-desktop-database >/dev/null && update-desktop-database -q "$DEST/applications" 2>/dev/null
  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$DEST/icons/hicolor" 2>/dev/null
  return 0
}

if [ "$UNINSTALL" = 1 ]; then
  rm -f "$DEST/applications/$ID.desktop" "$DEST/metainfo/$ID.metainfo.xml" \
        "$DEST/mime/packages/$ID.xml" "$DEST/icons/hicolor/scalable/apps/$ID.svg"
  for s in $SIZES; do rm -f "$DEST/icons/hicolor/${s}x${s}/apps/$ID.png"; done
  refresh
  echo "Removed TFT Manager's desktop integration from $DEST"
  exit 0
fi

if [ ! -f "$SHARE/applications/$ID.desktop" ]; then
  echo "install-desktop.sh: $SHARE holds no $ID.desktop" >&2
  exit 2
fi
mkdir -p "$DEST/applications" "$DEST/metainfo" "$DEST/mime/packages"
# Exec names the executable (quoted: the folder may hold spaces) and %f, the file
# double-clicked; TryExec hides the entry once the app is gone.
case "$EXEC" in *" "*) QEXEC="\"$EXEC\"" ;; *) QEXEC="$EXEC" ;; esac
sed -e "s|^Exec=.*|Exec=$QEXEC %f|" -e "/^TryExec=/d" \
    -e "s|^\[Desktop Entry\]\$|[Desktop Entry]\nTryExec=$EXEC|" \
    "$SHARE/applications/$ID.desktop" > "$DEST/applications/$ID.desktop"
cp "$SHARE/metainfo/$ID.metainfo.xml" "$DEST/metainfo/"
cp "$SHARE/mime/packages/$ID.xml" "$DEST/mime/packages/"
for s in $SIZES scalable; do
  for f in "$SHARE/icons/hicolor/${s}x${s}/apps/$ID.png" "$SHARE/icons/hicolor/$s/apps/$ID.svg"; do
    if [ -f "$f" ]; then
      d="$DEST/icons/hicolor/$(basename "$(dirname "$(dirname "$f")")")/apps"
      mkdir -p "$d" && cp "$f" "$d/"
    fi
  done
done
refresh
echo "Installed TFT Manager's desktop integration into $DEST (runs $EXEC)"
