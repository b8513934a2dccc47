; Inno Setup 6 script: a per-user Windows installer for Tiến Lên (no administrator rights needed).
;
; Build the bundle first (python -m PyInstaller --noconfirm pyinstaller.spec -> dist\tienlen\), then:
;   "%ProgramFiles(x86)%\Inno Setup 6\ISCC.exe" /DAppVersion=0.3.0 packaging\windows\tienlen.iss
; -> dist\tienlen-0.3.0-windows-x64-setup.exe
; The release workflow passes AppVersion from game/version.py. This file is UTF-8 with a BOM, which is how
; Inno Setup knows to read "Tiến Lên" correctly.

#define AppName "Tiến Lên"
#define AppExe "tienlen.exe"
#ifndef AppVersion
  #error Pass the version: ISCC /DAppVersion=x.y.z packaging\windows\tienlen.iss
#endif

[Setup]
; Never change AppId: Windows uses it to recognise upgrades and the uninstaller.
AppId={{D1877570-0B82-4209-8BA5-0A3E184C1649}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Tiến Lên contributors
VersionInfoVersion={#AppVersion}
VersionInfoProductName={#AppName}
VersionInfoDescription={#AppName} Setup
; Per-user: installs to %LOCALAPPDATA%\Programs\Tiến Lên, Start-menu entry in the user's own menu.
PrivilegesRequired=lowest
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
DisableDirPage=auto
UsePreviousAppDir=yes
SourceDir=..\..
OutputDir=dist
OutputBaseFilename=tienlen-{#AppVersion}-windows-x64-setup
SetupIconFile=assets\icons\tienlen.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; Close a running copy before files are replaced on upgrade.
CloseApplications=yes
RestartApplications=no

[Languages]
; Inno Setup ships no Vietnamese translation of its own wizard; the game itself is in Vietnamese and English.
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "dist\tienlen\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; An upgrade replaces the bundle's library folder whole, so files a newer build dropped do not linger.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#StringChange(AppName, '&', '&&')}}"; Flags: nowait postinstall skipifsilent

; Settings, statistics, saves and logs in %LOCALAPPDATA%\tienlen are the player's and stay after uninstalling.
