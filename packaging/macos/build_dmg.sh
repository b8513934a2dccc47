#!/usr/bin/env bash
# Build the macOS release on a Mac: "Tiến Lên.app" (PyInstaller BUNDLE) and a drag-to-Applications .dmg.
#
#   packaging/macos/build_dmg.sh        ->  dist/Tiến Lên.app, dist/tienlen-<version>-macos-<arch>.dmg
#
# Needs python3 with requirements.txt installed; installs PyInstaller if it is missing. The app is signed
# ad hoc (enough to run on the machine that downloads it after "Open" in the Finder's context menu); set
# CODESIGN_IDENTITY to a "Developer ID Application: ..." identity to sign for distribution, then notarise
# the .dmg with `xcrun notarytool submit --wait` and `xcrun stapler staple`.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PYTHON="${PYTHON:-python3}"
cd "$ROOT"

VERSION="$("$PYTHON" -c 'from game.version import VERSION; print(VERSION)')"
APP_NAME="$("$PYTHON" -c 'from game.version import APP_NAME; print(APP_NAME)')"
APP_ID="$("$PYTHON" -c 'from game.version import APP_ID; print(APP_ID)')"
ARCH="$(uname -m)"
APP="dist/$APP_NAME.app"
DMG="dist/$APP_ID-$VERSION-macos-$ARCH.dmg"

if ! "$PYTHON" -c 'import PyInstaller' 2>/dev/null; then
    "$PYTHON" -m pip install -q "pyinstaller>=6.10,<7"
fi

echo "== $APP"
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN --workpath build/pyinstaller pyinstaller.spec
test -x "$APP/Contents/MacOS/$APP_ID"
"$APP/Contents/MacOS/$APP_ID" --version

echo "== signing (${CODESIGN_IDENTITY:-ad hoc})"
if [ -n "${CODESIGN_IDENTITY:-}" ]; then
    codesign --force --deep --options runtime --timestamp --sign "$CODESIGN_IDENTITY" "$APP"
else
    codesign --force --deep --sign - "$APP"
fi
codesign --verify --deep --strict "$APP"

echo "== $DMG"
STAGE="build/dmg"
rm -rf "$STAGE" && mkdir -p "$STAGE"
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
rm -f "$DMG"
hdiutil create -volname "$APP_NAME $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"
hdiutil verify "$DMG"
du -sh "$APP" "$DMG"
