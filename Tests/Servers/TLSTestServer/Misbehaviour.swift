import ArgumentParser

/// How the server treats a connection: a real TLS and HTTP server, or one of the ways a broken
/// server fails a client.
enum Misbehaviour: String, ExpressibleByArgument, CaseIterable {
    /// Answers the ClientHello with bytes that are not TLS, then closes.
    case garbage
    /// Reads the ClientHello and closes the connection.
    case close
    /// Accepts the connection and never sends a byte.
    case hang
    /// Sends the first bytes of a handshake record, then nothing more.
    case stall
    /// Answers with a ServerHello for SSL 3.0, which no client should accept.
    case ssl3
    /// Answers with a protocol_version alert, as a server that speaks no TLS version does.
    case refuse
}
