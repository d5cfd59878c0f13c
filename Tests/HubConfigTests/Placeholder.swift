// Tests for HubConfig live in this folder.
