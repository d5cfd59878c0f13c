// Client certificate sources (SAP's certificate provider interface), the JSON document they hand over, and PEM/PKCS#12 files.

import Foundation
import HubCore
import HubTransport

/// A source of the client certificate (SAP's `CertificateProvider`, docs/protocol.md §11): `storedCertificate`
/// is "get the stored certificate" (none is not an error), `deleteStoredCertificate` is called after the
/// server rejected it, before asking once more.
public protocol CertificateProvider: AnyObject {
    /// A unique name for messages (`files`, `vault`, the program's name).
    var providerId: String { get }
    /// False for sources that cannot forget what they hold (the --cert/--key/--pkcs12 files).
    var canDelete: Bool { get }
    func storedCertificate() throws -> ClientCertificate?
    func deleteStoredCertificate() throws
}

/// The certificate given on the command line (or its environment variables): fixed, never deleted.
public final class StaticCertificateProvider: CertificateProvider {
    public let providerId: String
    public var canDelete: Bool { false }
    private let certificate: ClientCertificate

    /// The certificate and key it presents (named here so that layers above the transport can hold one).
    public typealias Certificate = ClientCertificate

    public init(providerId: String = "files", certificate: ClientCertificate) {
        self.providerId = providerId
        self.certificate = certificate
    }

    public func storedCertificate() throws -> ClientCertificate? { certificate }
    public func deleteStoredCertificate() throws {}
}

/// What a provider program prints on stdout for `get`, and what the vault provider keeps:
/// `{"providerId", "certificate": PEM, "key": PEM, "passphrase"?}` or `{"pkcs12": base64, "passphrase"?}`.
/// `passphrase` opens an encrypted PEM key or the PKCS#12 bundle.
public struct CertificateDocument: Codable, Sendable, Equatable {
    public var providerId: String?
    public var certificate: String?
    public var key: String?
    public var pkcs12: String?
    public var passphrase: String?

    public init(providerId: String? = nil, certificate: String? = nil, key: String? = nil,
                pkcs12: String? = nil, passphrase: String? = nil) {
        self.providerId = providerId
        self.certificate = certificate
        self.key = key
        self.pkcs12 = pkcs12
        self.passphrase = passphrase
    }

    /// The document for a certificate already in memory.
    public init(_ certificate: ClientCertificate, providerId: String?) {
        switch certificate {
        case .pem(let cert, let key, let passphrase):
            self.init(providerId: providerId, certificate: String(decoding: cert, as: UTF8.self),
                      key: String(decoding: key, as: UTF8.self), passphrase: passphrase)
        case .pkcs12(let bundle, let passphrase):
            self.init(providerId: providerId, pkcs12: bundle.base64EncodedString(), passphrase: passphrase)
        }
    }

    /// The certificate it describes. `invalid` builds the error for a document that is not usable;
    /// the reason given to it never contains the document's contents.
    public func clientCertificate(invalid: (String) -> HubError) throws -> ClientCertificate {
        if let pkcs12 {
            guard certificate == nil, key == nil else {
                throw invalid("it has both \"pkcs12\" and \"certificate\"/\"key\"; give one or the other")
            }
            guard let data = Data(base64Encoded: pkcs12, options: .ignoreUnknownCharacters), !data.isEmpty else {
                throw invalid("\"pkcs12\" is not base64")
            }
            return .pkcs12(data, passphrase: passphrase)
        }
        guard let certificate, let key else {
            throw invalid("it needs \"certificate\" and \"key\" (PEM), or \"pkcs12\" (base64)")
        }
        guard certificate.contains("-----BEGIN CERTIFICATE-----") else {
            throw invalid("\"certificate\" is not a PEM certificate")
        }
        guard key.contains("PRIVATE KEY-----") else {
            throw invalid("\"key\" is not a PEM private key")
        }
        return .pem(certificate: Data(certificate.utf8), key: Data(key.utf8), keyPassphrase: passphrase)
    }
}

/// Reads the client certificate files named by --cert/--key or --pkcs12 into memory, so libcurl
/// gets them as blobs and nothing is copied to a temp file.
public enum CertificateFiles {
    /// Largest certificate or key file read (a real one is a few KiB).
    static let maximumSize = 1 << 20

    /// `keyPassphrase` opens an encrypted PEM key (HUBCTL_KEY_PASSPHRASE); `pkcs12Passphrase` the bundle.
    /// A file that is a pipe (`<(…)`) is waited for no longer than `until` (the command's deadline).
    public static func load(certificate: String?, key: String?, pkcs12: String?,
                            keyPassphrase: String?, pkcs12Passphrase: String?,
                            until: ContinuousClock.Instant? = nil) throws -> ClientCertificate? {
        if let pkcs12 {
            guard certificate == nil, key == nil else {
                throw HubError.usage("Give either --pkcs12 or --cert/--key, not both (check HUBCTL_PKCS12, HUBCTL_CERT and HUBCTL_KEY too).",
                                     code: .conflictingCertificates)
            }
            return .pkcs12(try read(pkcs12, what: "PKCS#12 file", flag: "--pkcs12", until: until), passphrase: pkcs12Passphrase)
        }
        guard let certificate else {
            if key != nil {
                throw HubError.usage("--key was given without --cert. Give the client certificate with --cert PATH (or HUBCTL_CERT) too.",
                                     code: .certificateWithoutKey)
            }
            return nil
        }
        let certData = try read(certificate, what: "client certificate", flag: "--cert", until: until)
        guard certData.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
            throw HubError.data("\(certificate) (--cert) is not a PEM certificate. Give the certificate in PEM form, or a PKCS#12 file with --pkcs12.",
                                code: .invalidCertificateFile)
        }
        let keyData: Data
        if let key {
            keyData = try read(key, what: "private key", flag: "--key", until: until)
        } else if certData.range(of: Data("PRIVATE KEY-----".utf8)) != nil {
            keyData = certData  // one PEM file holding both, as curl accepts
        } else {
            throw HubError.usage("--cert was given without --key. Give the private key with --key PATH (or HUBCTL_KEY), or use --pkcs12 for a bundle with both.",
                                 code: .certificateWithoutKey)
        }
        guard keyData.range(of: Data("PRIVATE KEY-----".utf8)) != nil else {
            throw HubError.data("\(key ?? certificate) (--key) is not a PEM private key. Give the key in PEM form.",
                                code: .invalidKeyFile)
        }
        let encrypted = keyData.range(of: Data("ENCRYPTED".utf8)) != nil
        if encrypted && (keyPassphrase ?? "").isEmpty {
            throw HubError.config("The private key \(key ?? certificate) is encrypted. Set HUBCTL_KEY_PASSPHRASE to its passphrase (it is never taken from argv).",
                                  code: .keyPassphraseMissing)
        }
        return .pem(certificate: certData, key: keyData, keyPassphrase: encrypted ? keyPassphrase : nil)
    }

    /// A whole file, 66 when it is missing or unreadable; a pipe waited for until `until`
    /// (`BoundedFile.defaultWait` without one).
    public static func read(_ path: String, what: String, flag: String, until: ContinuousClock.Instant? = nil) throws -> Data {
        let data: Data
        let wait = until.map { max(0, ContinuousClock.now.duration(to: $0).inSeconds) } ?? BoundedFile.defaultWait
        do throws(BoundedFile.Failure) {
            data = try BoundedFile.read(path: path, limit: maximumSize, wait: wait)
        } catch {
            switch error {
            case .missing, .failed(.stat, _), .failed(.open, _):
                throw HubError.noInput("Cannot read the \(what) \(path) (\(flag)). Check that the file exists and is readable.",
                                       code: .certificateFileUnreadable)
            case .directory, .failed(.read, _):
                let err: Int32 = if case .failed(_, let e) = error { e } else { EISDIR }
                throw HubError.noInput("Cannot read the \(what) \(path) (\(flag)): \(String(cString: strerror(err))). Check the path.",
                                       code: .certificateFileUnreadable)
            case .tooLarge:
                throw HubError.data("The \(what) \(path) (\(flag)) is larger than 1 MiB; that is not a certificate file.",
                                    code: .invalidCertificateFile)
            case .notRegular:
                // Not asked for here: a certificate may come through a pipe (`<(…)`).
                throw HubError.noInput("Cannot read the \(what) \(path) (\(flag)). Check the path.", code: .certificateFileUnreadable)
            case .timedOut:
                throw HubError(.temporary, code: .timeout,
                               "The \(what) \(path) (\(flag)) gave no end of input before \(until == nil ? "\(Int(BoundedFile.defaultWait)) s passed" : "the deadline") (a FIFO nobody writes to, or a command that does not end).")
            }
        }
        guard !data.isEmpty else {
            throw HubError.data("The \(what) \(path) (\(flag)) is empty.", code: .invalidCertificateFile)
        }
        return data
    }
}
