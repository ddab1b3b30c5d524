import FuzzSupport
import Foundation
@testable import VaultCore
@testable import VaultSystem

/// The settings file (`VaultConfig.parse`) on any bytes: a `ConfigError`, or a config within
/// the documented bounds that, written out again as a settings file (`render`, here: vault
/// itself never writes one), reads as the same config.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let config: VaultConfig
    do { config = try VaultConfig.parse(Data(Fuzzer.bytes(data, size)), path: "config.json") } catch { return 0 }
    for span in [config.keyringTimeout, config.keyringIdle].compactMap({ $0 }) {
        Fuzzer.require(span > 0 && span <= 366 * 86400 && span == span.rounded(), "a duration out of range: \(span)")
        Fuzzer.require(TimeSpan.seconds(TimeSpan.describe(span).replacingOccurrences(of: " ", with: "")) != nil, "a duration described unreadably")
    }
    Fuzzer.require(config.clipTimeout.map { $0 > 0 && $0 <= 3600 } ?? true, "clip_timeout out of range")
    Fuzzer.require(!config.syncPush || config.syncAuto, "sync.push without sync.auto")
    Fuzzer.require(!config.auditIgnore.contains(""), "an empty audit.ignore pattern")
    Fuzzer.require(!config.sshAgentEntries.contains(""), "an empty ssh_agent.entries pattern")
    Fuzzer.require(config.breachOffline != "", "an empty breach_offline")
    let rendered = render(config)
    let again: VaultConfig
    do { again = try VaultConfig.parse(rendered, path: "config.json") } catch {
        Fuzzer.require(false, "a rendered config is refused: \(error.message)")
        return 0
    }
    Fuzzer.require(again == config, "a rendered config reads differently")
    return 0
}

/// The settings file that says `config`, every setting spelled out.
func render(_ config: VaultConfig) -> Data {
    struct File: Encodable {
        struct Sync: Encodable { var auto: Bool; var push: Bool }
        struct Audit: Encodable { var ignore: [String] }
        struct SSHAgent: Encodable { var entries: [String]; var allow_sha1: Bool; var confirm: Bool }
        var keyring: Bool
        var keyring_timeout: String?
        var keyring_idle: String?
        var clip_timeout: Double?
        var check_breach: Bool
        var breach_api_url: String?
        var breach_offline: String?
        var sync: Sync
        var audit: Audit
        var ssh_agent: SSHAgent
    }
    let span = { (seconds: Double?) in seconds.map { "\(Int($0))s" } }
    let file = File(
        keyring: config.keyring, keyring_timeout: span(config.keyringTimeout), keyring_idle: span(config.keyringIdle),
        clip_timeout: config.clipTimeout, check_breach: config.checkBreach, breach_api_url: config.breachAPIURL,
        breach_offline: config.breachOffline, sync: File.Sync(auto: config.syncAuto, push: config.syncPush),
        audit: File.Audit(ignore: config.auditIgnore),
        ssh_agent: File.SSHAgent(entries: config.sshAgentEntries, allow_sha1: config.sshAgentAllowsSHA1, confirm: config.sshAgentConfirms))
    return try! JSONEncoder().encode(file)
}

@_cdecl("config_fuzz_main")
public func configFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzConfig)
}
