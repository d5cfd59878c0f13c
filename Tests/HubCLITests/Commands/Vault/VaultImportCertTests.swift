// `hubctl vault import-cert` in-process: {"key", "format", "updatedAt", "vaultCreated"} for a PEM
// certificate and key, and nothing to import.

import Foundation
@testable import HubCLI
import HubCore
import Testing

/// A fixed self-signed P-256 certificate (CN=hubctl-inprocess-test, valid until 2126) and its key:
/// no key generation in the tests.
enum FixedCertificate {
    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIBlzCCAT2gAwIBAgIUbZhhUZ9pcqCd+kbND0tSWdJfWjQwCgYIKoZIzj0EAwIw
        IDEeMBwGA1UEAwwVaHViY3RsLWlucHJvY2Vzcy10ZXN0MCAXDTI2MTEyNjA4NTgw
        NVoYDzIxMjYxMTAyMDg1ODA1WjAgMR4wHAYDVQQDDBVodWJjdGwtaW5wcm9jZXNz
        LXRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQouI4EX6mloC5UVobsoVnV
        q8IuSZoGbZvHRO36Dqa99NHnURFU+NXQql11iSyEn0biCKuhVGNr4NBE/SJP+gv4
        o1MwUTAdBgNVHQ4EFgQUb5S7Ku7wf0haFKFYaRc42sZXe4EwHwYDVR0jBBgwFoAU
        b5S7Ku7wf0haFKFYaRc42sZXe4EwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQD
        AgNIADBFAiBMxL7XS97chC12HkmOAtAWIAIJQ/yI9GAUn403eVT2KgIhAM3AvX07
        lTsMnkTOssrS32Urbvut1dogmoH9eL1ETGnA
        -----END CERTIFICATE-----

        """
    static let key = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgnp1kluzxvqSwGXAN
        rezHTEukmDGtTxx4kH8cL4aDDAOhRANCAAQouI4EX6mloC5UVobsoVnVq8IuSZoG
        bZvHRO36Dqa99NHnURFU+NXQql11iSyEn0biCKuhVGNr4NBE/SJP+gv4
        -----END PRIVATE KEY-----

        """

    /// The two files in the bench's root: (certificate, key).
    static func files(_ bench: CommandBench) -> (String, String) {
        (writeFile(bench, "client.pem", certificate), writeFile(bench, "client-key.pem", key))
    }
}

@Suite("vault import-cert", .serialized)
struct VaultImportCertTests {
    @Test func storesAPEMCertificateForTheApplication() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(9)])
        let (cert, key) = FixedCertificate.files(bench)
        let r = await bench.run(["vault", "import-cert", "--cert", cert, "--key", key])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["key": .string, "format": .string, "updatedAt": .string, "vaultCreated": .bool])
        #expect(r.json?["format"] == .string("pem"))
        #expect(r.json?["vaultCreated"] == .bool(true))
        #expect(r.json?["key"]?.stringValue?.hasPrefix("hubctl/certificate/app/com.example.demo@") == true, "\(r)")
        #expect(!r.out.contains("PRIVATE"))
        let list = await bench.run(["vault", "list"])
        #expect(arrayElements(list.json?["entries"]).compactMap { $0["key"] } == [r.json?["key"]].compactMap { $0 })
    }

    @Test func nothingToImportIs64() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(9)])
        expectFailure(await bench.run(["vault", "import-cert"]), exit: 64, code: "no_certificate_given")
    }

    @Test func aCertificateWithoutItsKeyIs64() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(9)])
        let (cert, _) = FixedCertificate.files(bench)
        expectFailure(await bench.run(["vault", "import-cert", "--cert", cert]), exit: 64, code: "certificate_without_key")
    }
}

extension VaultImportCertTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["vault", "import-cert"], as: VaultImportCert.self)
        #expect(options == VaultImportCert.Options())
        #expect(try parsedOptions(["vault", "import-cert"], as: VaultImportCert.self) == VaultImportCert.Options())
    }
}
