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
}
