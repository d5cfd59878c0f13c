// HubConfig: placeholder until its first file lands.
