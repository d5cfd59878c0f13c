// HubServices: placeholder until its first file lands.
