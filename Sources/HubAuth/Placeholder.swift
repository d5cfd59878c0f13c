// HubAuth: placeholder until its first file lands.
