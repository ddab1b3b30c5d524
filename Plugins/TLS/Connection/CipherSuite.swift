/// A cipher suite by its IANA number, as the server chose it in its ServerHello.
public struct CipherSuite: Hashable, Sendable {
    public let id: UInt16

    public init(id: UInt16) { self.id = id }

    /// The IANA name (`TLS_AES_128_GCM_SHA256`), or `0xC0FF` for a suite not in the table.
    public var name: String { Self.names[id] ?? "0x" + HexText.fourDigits(id) }

    /// Why this suite is a poor choice, or nil for a sound one: no forward secrecy (the key
    /// exchange is RSA encryption, so a stolen server key decrypts recorded traffic), or a
    /// broken or obsolete cipher.
    public var weakness: String? {
        let name = name
        if name.contains("_NULL_") || name.contains("_EXPORT") || name.contains("_anon_") {
            return "gives no real protection (no encryption, export strength or no authentication)"
        }
        if name.contains("_RC4_") { return "uses RC4, which is broken (RFC 7465)" }
        if name.contains("_3DES_") || name.contains("_DES_") {
            return "uses a 64-bit block cipher, open to the Sweet32 attack"
        }
        if name.hasPrefix("TLS_RSA_WITH_") {
            return "has no forward secrecy: whoever gets the server's key can decrypt recorded traffic"
        }
        return nil
    }

    /// The suites a TLS client may be offered today (IANA TLS Cipher Suites registry, RFC 8446,
    /// RFC 5289, RFC 7905, RFC 5246), with the older ones a server may still pick.
    private static let names: [UInt16: String] = [
        0x1301: "TLS_AES_128_GCM_SHA256",
        0x1302: "TLS_AES_256_GCM_SHA384",
        0x1303: "TLS_CHACHA20_POLY1305_SHA256",
        0x1304: "TLS_AES_128_CCM_SHA256",
        0x1305: "TLS_AES_128_CCM_8_SHA256",
        0xC02B: "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
        0xC02C: "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        0xC02F: "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        0xC030: "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        0xCCA8: "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        0xCCA9: "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
        0xCCAA: "TLS_DHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        0xC023: "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256",
        0xC024: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384",
        0xC027: "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256",
        0xC028: "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384",
        0xC009: "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
        0xC00A: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
        0xC013: "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
        0xC014: "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
        0xC012: "TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA",
        0xC011: "TLS_ECDHE_RSA_WITH_RC4_128_SHA",
        0x009E: "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256",
        0x009F: "TLS_DHE_RSA_WITH_AES_256_GCM_SHA384",
        0x0033: "TLS_DHE_RSA_WITH_AES_128_CBC_SHA",
        0x0039: "TLS_DHE_RSA_WITH_AES_256_CBC_SHA",
        0x0067: "TLS_DHE_RSA_WITH_AES_128_CBC_SHA256",
        0x006B: "TLS_DHE_RSA_WITH_AES_256_CBC_SHA256",
        0x009C: "TLS_RSA_WITH_AES_128_GCM_SHA256",
        0x009D: "TLS_RSA_WITH_AES_256_GCM_SHA384",
        0x003C: "TLS_RSA_WITH_AES_128_CBC_SHA256",
        0x003D: "TLS_RSA_WITH_AES_256_CBC_SHA256",
        0x002F: "TLS_RSA_WITH_AES_128_CBC_SHA",
        0x0035: "TLS_RSA_WITH_AES_256_CBC_SHA",
        0x000A: "TLS_RSA_WITH_3DES_EDE_CBC_SHA",
        0x0016: "TLS_DHE_RSA_WITH_3DES_EDE_CBC_SHA",
        0x0005: "TLS_RSA_WITH_RC4_128_SHA",
        0x0004: "TLS_RSA_WITH_RC4_128_MD5",
        0x0009: "TLS_RSA_WITH_DES_CBC_SHA",
        0x0003: "TLS_RSA_EXPORT_WITH_RC4_40_MD5",
        0x0001: "TLS_RSA_WITH_NULL_MD5",
        0x0002: "TLS_RSA_WITH_NULL_SHA",
        0x0018: "TLS_DH_anon_WITH_RC4_128_MD5",
    ]
}
