// HubBundles: placeholder until its first file lands.
