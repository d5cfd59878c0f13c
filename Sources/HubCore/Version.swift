// hubctl's version; the Makefile checks it against the git tag.
public enum HubVersion {
    public static let current = "0.1.0"
}
