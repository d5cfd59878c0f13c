// Every error code hubctl can print: `{"error": {"code": …}}` on stderr. A typo in a code fails
// to compile; the table of codes in docs/errors.md is checked against this list by a test.

/// The stable, snake_case identifiers of failures that scripts match on (docs/errors.md "Error codes"),
/// grouped by the exit code they usually come with. The text is the case name in snake_case.
public enum ErrorCode: Sendable, Hashable, CaseIterable, RawRepresentable, Codable {
    // 64 usage
    case usage, invalidAssignment, unknownProperty, readOnlyProperty, wrongType, updateRefused, noPassword
    case emptyPassphrase, passphraseMismatch, passcodePolicyViolation, invalidVaultKeyName
    case noCertificateGiven, certificateWithoutKey, conflictingCertificates, invalidHeader, invalidAppId
    case ambiguousPassphrase
    case invalidCapability, invalidPushOs, unknownPolicy
    case unknownConfigKey, secretInConfig
    case invalidEncoding, stdinInBatch
    // 65 data
    case invalidData, malformedResponse, responseTooLarge, unexpectedStatus
    case serverErrorDocument, unknownSetting, invalidPlist, unsafePath, pathTooLong, unsafeEntryType
    case duplicateEntry, tooManyEntries, tooLarge, corruptArchive, manifestMissing, manifestInvalid
    case bundleMismatch, profileDamaged, stateDamaged, vaultDamaged, invalidCertificateEntry
    case invalidPasscodePolicy, invalidCertificateFile, invalidKeyFile, invalidConnectionId
    case invalidLogLine, invalidUsageReport
    case notAResultsFile, resumeMismatch, reportMismatch
    // 66 no input
    case notFound, fileNotFound, unreadable, notAFile, certificateFileUnreadable, caCertificateUnreadable
    case notRegistered, connectionNotFound, applicationNotFound, noBundleAssigned, bundleNotFound
    case vaultNotFound, vaultKeyNotFound
    case policyNotFound
    case configKeyNotSet
    case noRegistrations
    case proxyNotAssigned, destinationNotFound
    // 69 unavailable
    case cannotConnect, connectionLost, serverError, rateLimited, serverNotTrusted, tlsFailed
    case tooManyRedirects, redirectRefused, transferFailed, certProviderFailed, certProviderTimeout
    case certProviderInvalidOutput, invalidResponse
    case pushNotConfigured, accessControlDisabled, libraryUnavailable
    // 3 partial (the command's report says which part failed; no error document is printed)
    case partialFailure
    // 130, 143: stopped by a signal (said on stderr)
    case interrupted, terminated
    // 70 internal
    case `internal`
    // 73 cannot create
    case cannotCreate, diskFull, notADirectory, vaultExists, kdfFailed, notAProfileDirectory, bundleExists
    // 75 temporary
    case timeout, stateBusy, resultsInUse, lockHeld
    // 77 permission
    case authFailed, forbidden, certificateRequired, certificateRejected, clientCertificateInvalid
    case wrongPassphrase, vaultSecretMismatch, vaultDeleted, vaultUnsafePermissions
    case loginRequired, samlRequired, appVersionRejected, oauthStateMismatch, oauthDenied
    case logUploadDisabled
    // 78 config
    case config, missingServer, missingAppId, invalidServer, invalidUrl, invalidApiVersion, invalidTimeout
    case invalidDeadline, invalidUserCreationPolicy, unknownProfile, configInvalid, configUnreadable, vaultSecretMissing
    case invalidVaultKey, keyPassphraseMissing, certProviderNotFound
    case missingOauthClientId, invalidRedirectUri
    case invalidPlatform, plainHttpRefused

    /// `applicationNotFound` → `application_not_found`.
    public var rawValue: String {
        var text = ""
        for character in String(describing: self) {
            if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
        }
        return text
    }

    public init?(rawValue: String) {
        guard let code = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = code
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let code = ErrorCode(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown error code \(text)"))
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
