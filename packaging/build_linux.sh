#!/usr/bin/env bash
# Build the Linux release: the PyInstaller bundle, a .tar.gz of it and a .deb installing it under /opt.
#
#   packaging/build_linux.sh            ->  dist/tienlen/, dist/tienlen-<version>-linux-<arch>.tar.gz,
#                                           dist/tienlen_<version>_<debarch>.deb
#
# Options: --dist DIR (output folder, default dist/), --work DIR (scratch, default build/), --no-deb.
# Needs python3 with requirements.txt installed; installs PyInstaller if it is missing; dpkg-deb for the .deb.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIST="$ROOT/dist"
WORK="$ROOT/build"
MAKE_DEB=1
while [ $# -gt 0 ]; do
    case "$1" in
        --dist) DIST="$(mkdir -p "$2" && cd "$2" && pwd)"; shift 2 ;;
        --work) WORK="$(mkdir -p "$2" && cd "$2" && pwd)"; shift 2 ;;
        --no-deb) MAKE_DEB=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done
PYTHON="${PYTHON:-python3}"
cd "$ROOT"

VERSION="$("$PYTHON" -c 'from game.version import VERSION; print(VERSION)')"
APP_ID="$("$PYTHON" -c 'from game.version import APP_ID; print(APP_ID)')"
ARCH="$(uname -m)"
# Every file in the archives gets the last commit's time, so two builds of one commit compare equal.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"

if ! "$PYTHON" -c 'import PyInstaller' 2>/dev/null; then
    echo "== installing PyInstaller"
    "$PYTHON" -m pip install -q "pyinstaller>=6.10,<7"
fi

echo "== PyInstaller bundle ($APP_ID $VERSION)"
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$WORK/pyinstaller" "$ROOT/pyinstaller.spec"
BUNDLE="$DIST/$APP_ID"
# Debug symbols from a locally built Python (pyenv) triple the bundle's size. Only the interpreter and its own
# extension modules are stripped: the pygame-ce wheel's libraries were rewritten by auditwheel, which strip
# can break.
if command -v strip >/dev/null; then
    find "$BUNDLE/_internal" -maxdepth 1 -name 'libpython3*.so*' -type f -exec strip --strip-debug {} +
    find "$BUNDLE/_internal/python3"* "$BUNDLE/_internal/yaml" -name '*.so' -type f \
        -exec strip --strip-debug {} + 2>/dev/null || true
fi
"$BUNDLE/$APP_ID" --version >/dev/null  # a bundle that cannot even start must not be packaged

echo "== $APP_ID-$VERSION-linux-$ARCH.tar.gz"
TARROOT="$WORK/tar/$APP_ID-$VERSION"
rm -rf "$WORK/tar" && mkdir -p "$TARROOT"
cp -a "$BUNDLE/." "$TARROOT/"
cp packaging/linux/tienlen.desktop assets/icons/tienlen.png "$TARROOT/"
cat > "$TARROOT/README.txt" <<TXT
Tiến Lên $VERSION for Linux ($ARCH)

Run ./$APP_ID in this folder. To add it to your desktop's menu, copy tienlen.desktop to
~/.local/share/applications/ and change its Exec= line to the full path of $APP_ID here, and
Icon= to the full path of tienlen.png.
Settings, saves and logs are kept in ~/.config/tienlen, ~/.local/share/tienlen and ~/.local/state/tienlen/log.
TXT
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -C "$WORK/tar" -cf - "$APP_ID-$VERSION" | gzip -n -9 > "$DIST/$APP_ID-$VERSION-linux-$ARCH.tar.gz"

if [ "$MAKE_DEB" = 1 ]; then
    DEBARCH="$(dpkg --print-architecture)"
    DEB="$DIST/${APP_ID}_${VERSION}_${DEBARCH}.deb"
    echo "== $(basename "$DEB")"
    PKG="$WORK/deb/root"
    rm -rf "$WORK/deb" && mkdir -p "$PKG/DEBIAN" "$PKG/opt" "$PKG/usr/bin" "$PKG/usr/share/applications" \
        "$PKG/usr/share/doc/$APP_ID"
    cp -a "$BUNDLE" "$PKG/opt/$APP_ID"
    ln -s "/opt/$APP_ID/$APP_ID" "$PKG/usr/bin/$APP_ID"
    install -m 644 packaging/linux/tienlen.desktop "$PKG/usr/share/applications/$APP_ID.desktop"
    for size in 16 24 32 48 64 128 256 512; do
        install -D -m 644 "assets/icons/tienlen-$size.png" "$PKG/usr/share/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
    done
    install -m 644 assets/LICENSES.md "$PKG/usr/share/doc/$APP_ID/copyright"
    install -m 755 packaging/linux/postinst packaging/linux/postrm "$PKG/DEBIAN/"
    # The oldest glibc the bundle can run on is the newest symbol version any of its binaries asks for.
    GLIBC="$(find "$PKG/opt" -type f \( -name '*.so*' -o -name "$APP_ID" \) -exec grep -aoh 'GLIBC_2\.[0-9]*' {} + \
        | sed 's/GLIBC_//' | sort -uV | tail -1)"
    SIZE_KB="$(du -sk --apparent-size "$PKG" | cut -f1)"
    sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$DEBARCH/" -e "s/@SIZE_KB@/$SIZE_KB/" -e "s/@GLIBC@/${GLIBC:-2.17}/" \
        packaging/linux/control.in > "$PKG/DEBIAN/control"
    find "$PKG" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
    dpkg-deb --root-owner-group -Zxz --build "$PKG" "$DEB" >/dev/null
fi

echo "== done"
du -sh "$BUNDLE" "$DIST/$APP_ID-$VERSION-linux-$ARCH.tar.gz" ${DEB:+"$DEB"}
