#!/usr/bin/env bash
# `make demo`: the whole client life cycle against a local hubctl-emulator, JSON shown at each step.
set -euo pipefail
BIN="$(cd "${1:-.build/debug}" && pwd)"
work="$(mktemp -d)"
emu_pid=""
cleanup() {
    [ -n "$emu_pid" ] && kill "$emu_pid" 2>/dev/null && wait "$emu_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

bold() { if [ -t 1 ]; then printf '\n\033[1m%s\033[0m\n' "$*"; else printf '\n%s\n' "$*"; fi; }
show() {
    bold "\$ $*"
    local out
    out="$("$@")"
    if command -v jq >/dev/null; then jq . <<<"$out"; else printf '%s\n' "$out"; fi
}

# Start the emulator on a free loopback port and read the address it prints.
"$BIN/hubctl-emulator" --host 127.0.0.1 --port 0 >"$work/emulator.out" 2>"$work/emulator.log" &
emu_pid=$!
for _ in $(seq 1 100); do
    grep -q "listening on" "$work/emulator.out" 2>/dev/null && break
    kill -0 "$emu_pid" 2>/dev/null || { cat "$work/emulator.log" >&2; exit 1; }
    sleep 0.1
done
url="$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/emulator.out" | head -n1)"
[ -n "$url" ] || { echo "the emulator did not start" >&2; cat "$work/emulator.log" >&2; exit 1; }
bold "hubctl-emulator is listening on $url"

export HUBCTL_HOME="$work/home" HUBCTL_CONFIG="$work/config.yaml"
# A profile, as a user would write it.
cat >"$HUBCTL_CONFIG" <<YAML
default:
  server: $url
  app-id: com.example.demo
  user: demo
YAML
# The emulator's demo user; real scripts read the password from a secret store (--password-stdin).
export HUBCTL_PASSWORD=demo-password
export HUBCTL_VAULT_PASSPHRASE="demo vault passphrase 1!"
hubctl() { "$BIN/hubctl" "$@"; }

show hubctl register --device-type Linux --device-model demo-box
show hubctl settings get ApplicationConnectionId DeviceModel CustomizationBundleId
show hubctl settings set DeviceModel=demo-box-2 ApnsPushEnable=false
show hubctl settings get DeviceModel ApnsPushEnable

# The administrator assigns an Application Configuration Profile (a bundle) to the app.
mkdir -p "$work/bundle/META-INF" "$work/bundle/tiles"
printf 'Manifest-Version: 1.0\nCustomization-Resource-Bundle-Name: Demo\nCustomization-Resource-Bundle-Version: 1.0.0\n' >"$work/bundle/META-INF/MANIFEST.MF"
printf '{"title": "Welcome"}\n' >"$work/bundle/tiles/home.json"
(cd "$work/bundle" && bsdtar --format zip -cf "$work/demo.zip" META-INF tiles)
curl -fsS -X PUT -H 'X-Bundle-Extension: zip' --data-binary @"$work/demo.zip" "$url/_emulator/bundles/com.example.demo/Demo:1.0.0" >/dev/null
curl -fsS -X POST -H 'Content-Type: application/json' -d '{"appId":"com.example.demo","bundleId":"Demo:1.0.0"}' "$url/_emulator/assign" >/dev/null
bold "(the administrator assigned the profile Demo:1.0.0)"

show hubctl acp check
show hubctl acp fetch
show hubctl acp check

# Unattended: a kiosk waits for the next profile; the administrator assigns Demo:1.1.0 two seconds later.
sed -i 's/^Customization-Resource-Bundle-Version: .*/Customization-Resource-Bundle-Version: 1.1.0/' "$work/bundle/META-INF/MANIFEST.MF"
rm -f "$work/demo.zip" && (cd "$work/bundle" && bsdtar --format zip -cf "$work/demo.zip" META-INF tiles)
curl -fsS -X PUT -H 'X-Bundle-Extension: zip' --data-binary @"$work/demo.zip" "$url/_emulator/bundles/com.example.demo/Demo:1.1.0" >/dev/null
( sleep 2
  curl -fsS -X POST -H 'Content-Type: application/json' -d '{"appId":"com.example.demo","bundleId":"Demo:1.1.0"}' "$url/_emulator/assign" >/dev/null ) &
assigner=$!
show hubctl acp check --wait --fetch --interval 1 --deadline 60
wait "$assigner"
# A monitoring job: one timed round trip as the device makes it (Prometheus text with --format prometheus).
show hubctl probe --register

show hubctl vault init
bold "\$ printf 's3cr3t-token' | hubctl vault set api-token"
printf 's3cr3t-token' | hubctl vault set api-token | { command -v jq >/dev/null && jq . || cat; }
show hubctl vault list
show hubctl vault show api-token

cat >"$work/clienthub.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Host</key><string>smp.example.com</string>
  <key>Port</key><string>8443</string>
  <key>FarmID</key><string>0</string>
  <key>SecurityConfiguration</key><string>DemoSSO</string>
  <key>UserCreationPolicy</key><string>automatic</string>
</dict>
</plist>
PLIST
show hubctl plist validate "$work/clienthub.plist"

show hubctl status
show hubctl unregister

# SAP Mobile Services on BTP: an application secured with OAuth2. The emulator gets an OAuth client
# for com.example.other; `hubctl login` opens the login page in a real (headless) Chromium, driven
# by scripts/oauth-browser.py as $BROWSER, which fills in the emulator's form for the demo user.
client_id=6f1c2d3e-0000-4000-8000-00000000c11e
curl -fsS -X PUT -H 'Content-Type: application/json' \
    -d '{"appId":"com.example.other","oauth":{"clientId":"'"$client_id"'","redirectUris":["http://127.0.0.1/callback"],"accessTokenSeconds":60}}' \
    "$url/_emulator/mobileservices" >/dev/null
bold "(the administrator secured com.example.other with OAuth client $client_id)"
export HUBCTL_APP_ID=com.example.other HUBCTL_OAUTH_CLIENT_ID="$client_id" HUBCTL_REDIRECT_URI=http://127.0.0.1:0/callback
unset HUBCTL_PASSWORD
export BROWSER="$(cd "$(dirname "$0")" && pwd)/oauth-browser.py"
show hubctl login
# From here the emulator plays SAP Mobile Services (its versions address answers), so the client
# services go to Mobile Services' own APIs: push, client logs, user information, policies.
curl -fsS -X PUT -H 'Content-Type: application/json' -d '{"onboarding":"v4"}' "$url/_emulator/versions" >/dev/null
show hubctl register --device-model demo-box --capability push:Module=Orders
show hubctl settings get UserName ApplicationConnectionId
show hubctl push register --os android --token demo-fcm-registration-token --group demo-devices
# The operator's side: a service key of this Mobile Services instance (the emulator's API key,
# here given to com.example.other), kept private, sends to the user.
curl -fsS -X PUT -H 'Content-Type: application/json' \
    -d '{"apiKeys":[{"key":"emulator-push-api-key","alias":"emulator","appId":"com.example.other"}]}' "$url/_emulator/push/credentials" >/dev/null
printf '{"url": "%s", "apiKey": "emulator-push-api-key"}' "$url" >"$work/service-key.json"
chmod 600 "$work/service-key.json"
show hubctl push send --service-key "$work/service-key.json" --user demo --alert "Maintenance tonight at 22:00"
show hubctl whoami
show hubctl policy get passwordPolicy
printf '#%s#INFO#demo-correlation#demo#main#provisioned by make demo#\n' "$(date -u +%Y-%m-%dT%H:%M:%S.000Z)" >"$work/client.log"
show hubctl logs upload "$work/client.log"
# The operator's half of ACP: a Client Resources service key publishes the profile from CI and
# makes it the default; the device's next check sees it.
curl -fsS -X PUT -H 'Content-Type: application/json' \
    -d '{"keys":[{"key":"emulator-bundles-api-key","alias":"emulator","appId":"com.example.other"}]}' "$url/_emulator/bundles-admin/credentials" >/dev/null
printf '{"url": "%s", "apiKey": "emulator-bundles-api-key"}' "$url" >"$work/bundles-key.json"
chmod 600 "$work/bundles-key.json"
show hubctl bundle publish "$work/demo.zip" --name Demo --version 1.0.0 --default --service-key "$work/bundles-key.json"
show hubctl acp check
bold "\$ hubctl auth token | jq '{tokenType, expiresAt}'   (the token itself is a secret)"
hubctl auth token | { command -v jq >/dev/null && jq '{tokenType, expiresAt}' || sed 's/"accessToken":"[^"]*"/"accessToken":"…"/'; }
show hubctl push unregister --os android
show hubctl unregister
show hubctl logout
bold "Demo complete: register → settings → acp (and --wait) → probe → vault → plist validate → unregister → OAuth login, push (device and operator), logs, bundle publish on Mobile Services."
