// HubEmulator: placeholder until its first file lands.
