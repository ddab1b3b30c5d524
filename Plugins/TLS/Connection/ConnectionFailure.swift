import NIOCore
import NIOPosix
import NIOSSL

/// Why an endpoint could not be audited: a one-line reason for a person; never a verdict on the
/// endpoint's trustworthiness (that needs a handshake to judge).
enum ConnectionFailure: Error, Equatable, Sendable {
    /// The name did not resolve.
    case unknownHost(String)
    /// No TCP connection: refused, unreachable.
    case connect(String)
    /// Nothing came back within the timeout.
    case timedOut(stage: String, seconds: Int)
    /// The server closed the connection before the handshake was done.
    case closedDuringHandshake
    /// The handshake broke: the server spoke something other than TLS, or refused ours.
    case handshake(String)
    /// The HTTP request for the headers failed (only reported in the headers section).
    case http(String)

    var message: String {
        switch self {
        case .unknownHost(let host): "cannot resolve \(host)"
        case .connect(let reason): "cannot connect: \(reason)"
        case .timedOut(let stage, let seconds): "no answer within \(seconds) s \(stage)"
        case .closedDuringHandshake: "the server closed the connection during the TLS handshake"
        case .handshake(let reason): "the TLS handshake failed: \(reason)"
        case .http(let reason): reason
        }
    }

    /// The failure for an error NIO or NIOSSL reported while connecting or handshaking.
    static func from(_ error: any Error, host: String) -> ConnectionFailure {
        switch error {
        case let failure as ConnectionFailure:
            return failure
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil) {
                return .unknownHost(host)
            }
            return .connect(error.connectionErrors.first.map { reason(of: $0.error) } ?? "no address to connect to")
        case let error as ChannelError:
            if case .connectTimeout = error { return .connect("timed out") }
            return .closedDuringHandshake
        case let error as NIOSSLError:
            switch error {
            case .uncleanShutdown: return .closedDuringHandshake
            case .handshakeFailed(let reason): return from(reason, host: host)
            default: return .handshake(String(describing: error))
            }
        case let error as BoringSSLError:
            if String(describing: error).contains("EOF during handshake") { return .closedDuringHandshake }
            return .handshake(handshakeReason(error))
        default:
            return .connect(reason(of: error))
        }
    }

    private static func reason(of error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        return String(describing: error)
    }

    /// BoringSSL's reason codes (`WRONG_VERSION_NUMBER`) turned into words a person can act on.
    private static func handshakeReason(_ error: BoringSSLError) -> String {
        let text = String(describing: error)
        let known: [(code: String, words: String)] = [
            ("WRONG_VERSION_NUMBER", "the server did not answer in TLS"),
            ("UNSUPPORTED_PROTOCOL", "the server offers no protocol this client supports"),
            ("TLSV1_ALERT_PROTOCOL_VERSION", "the server refused every protocol version from TLS 1.0 to 1.3"),
            ("SSLV3_ALERT_HANDSHAKE_FAILURE", "the server found nothing acceptable in the client's offer"),
            ("NO_SHARED_CIPHER", "no cipher suite in common"),
            ("HANDSHAKE_FAILURE_ON_CLIENT_HELLO", "the server refused the client's hello"),
            ("RECORD_TOO_LARGE", "the server did not answer in TLS"),
            ("DECODE_ERROR", "the server's answer was malformed"),
            ("UNEXPECTED_MESSAGE", "the server sent an unexpected message"),
            ("TLSV1_ALERT_INTERNAL_ERROR", "the server reported an internal error"),
            ("TLSV1_UNRECOGNIZED_NAME", "the server does not know the name it was asked for"),
        ]
        for (code, words) in known where text.contains(code) { return words + " (\(code))" }
        // BoringSSL's text: "...:OPENSSL_internal:REASON at FILE:LINE"; keep the reason.
        if let reason = text.split(separator: ":").first(where: { $0.contains("_") && $0.uppercased() == $0 && !$0.contains("/") }) {
            return String(reason.split(separator: " ").first ?? reason)
        }
        return text
    }
}
