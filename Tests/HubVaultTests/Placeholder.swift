// Tests for HubVault live in this folder.
