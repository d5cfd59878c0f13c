// Sends requests with the client certificate a provider gives; when the server rejects it, delete, ask again, retry once.

import Foundation
import HubCore
import HubTransport

/// An `HTTPTransport` whose client certificate comes from a `CertificateProvider`.
///
/// The provider is asked lazily, before the first request, and its answer is kept for every later
/// request of the command (SAP's "stored certificate"). When the server rejects the certificate (a
/// TLS alert, or nginx's HTTP 400), or the certificate cannot even be loaded, a provider that can
/// forget is told to delete it, is asked once more, and the request is sent once more; a second
/// rejection is final (exit 77). Nothing reached the server behind the proxy in either case, so
/// repeating even a POST is safe.
public final class CertificateTransport: HTTPTransport {
    let provider: any CertificateProvider
    /// Builds the underlying transport for a certificate (libcurl's options are fixed per client).
    let makeClient: (ClientCertificate?) throws -> any HTTPTransport
    let note: ((String) -> Void)?
    private var client: (any HTTPTransport)?
    private var haveCertificate = false
    private var renewed = false

    public init(provider: any CertificateProvider, note: ((String) -> Void)? = nil,
                makeClient: @escaping (ClientCertificate?) throws -> any HTTPTransport) {
        self.provider = provider
        self.note = note
        self.makeClient = makeClient
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try perform { try $0.send(request) }
    }

    public func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse {
        // A rejection happens before any body byte, so the sink has seen nothing when we retry.
        try perform { try $0.stream(request, to: sink) }
    }

    /// Codes of the transport for a certificate the server (or libcurl) would not take.
    static let rejectionCodes: Set<ErrorCode> = [.certificateRejected, .clientCertificateInvalid]

    private func currentClient() throws -> any HTTPTransport {
        if let client { return client }
        let certificate = try provider.storedCertificate()
        haveCertificate = certificate != nil
        if certificate == nil { note?("certificate provider '\(provider.providerId)' has no certificate stored") }
        let made = try makeClient(certificate)
        client = made
        return made
    }

    private func perform(_ body: (any HTTPTransport) throws -> HTTPResponse) throws -> HTTPResponse {
        do {
            return try body(try currentClient())
        } catch let error as HubError where Self.rejectionCodes.contains(error.code) && haveCertificate {
            guard provider.canDelete, !renewed else { throw attributed(error) }
            renewed = true
            note?("the server rejected the certificate from provider '\(provider.providerId)'; deleting it and asking again")
            try provider.deleteStoredCertificate()
            client = nil
            let fresh = try currentClient()
            guard haveCertificate else {
                throw HubError(.permission, code: .certificateRejected,
                               "The server rejected the client certificate from provider '\(provider.providerId)'; it was deleted, and the provider has no other one. "
                               + "Provision a new certificate (e.g. `hubctl vault import-cert`, or the provider's own enrolment) and try again.",
                               status: error.status)
            }
            do {
                return try body(fresh)
            } catch let again as HubError where Self.rejectionCodes.contains(again.code) {
                throw HubError(.permission, code: again.code,
                               again.message + " (This was the second certificate from provider '\(provider.providerId)'; the first was rejected too and deleted.)",
                               status: again.status)
            }
        }
    }

    /// Names the provider in a rejection from a source that cannot be renewed.
    private func attributed(_ error: HubError) -> HubError {
        guard provider.providerId != "files" else { return error }
        return HubError(.permission, code: error.code, error.message + " (The certificate came from provider '\(provider.providerId)'.)",
                        status: error.status)
    }
}
