// Tests for HubBundles live in this folder.
