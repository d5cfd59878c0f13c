// Tests for HubServices live in this folder.
