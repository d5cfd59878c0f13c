// HubVault: placeholder until its first file lands.
