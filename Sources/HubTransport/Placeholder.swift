// HubTransport: placeholder until its first file lands.
