// Tests for HubTransport live in this folder.
