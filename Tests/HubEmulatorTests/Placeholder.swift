// Tests for HubEmulator live in this folder.
