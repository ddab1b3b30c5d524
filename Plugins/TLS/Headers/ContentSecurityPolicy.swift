/// A Content-Security-Policy header taken apart into directives (CSP Level 3, section 2.2), to
/// find the sources that undo its protection against injected scripts.
struct ContentSecurityPolicy: Sendable {
    /// Directive name (lower case) to its source list; the first of a repeated directive wins.
    private var directives: [String: [String]] = [:]

    init(_ header: String) {
        // Several policies (comma-joined headers) all apply; each directive is read from the first.
        for policy in header.split(separator: ",") {
            for directive in policy.split(separator: ";") {
                let words = directive.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard let name = words.first?.lowercased(), directives[name] == nil else { continue }
                directives[name] = Array(words.dropFirst())
            }
        }
    }

    func directive(_ name: String) -> [String]? { directives[name] }

    /// What lets injected script run despite the policy, one sentence each.
    var weaknesses: [String] {
        guard let scripts = directives["script-src"] ?? directives["default-src"] else {
            return ["no script-src or default-src, so scripts from anywhere may run"]
        }
        let sources = scripts.map { $0.lowercased() }
        let hasNonceOrHash = sources.contains { $0.hasPrefix("'nonce-") || $0.hasPrefix("'sha256-") || $0.hasPrefix("'sha384-") || $0.hasPrefix("'sha512-") }
        var notes: [String] = []
        if sources.contains("'unsafe-inline'") && !hasNonceOrHash {
            notes.append("'unsafe-inline' lets any injected inline script run")
        }
        if sources.contains("'unsafe-eval'") {
            notes.append("'unsafe-eval' lets scripts turn strings into code (eval)")
        }
        let wildcards = sources.filter { ["*", "https:", "http:", "data:"].contains($0) }
        if !wildcards.isEmpty {
            notes.append("\(wildcards.joined(separator: " ")) lets scripts load from any site")
        }
        if let objects = directives["object-src"] ?? directives["default-src"], objects.contains("*") {
            notes.append("object-src * lets plugins load from any site")
        } else if directives["object-src"] == nil && directives["default-src"] == nil {
            notes.append("no object-src or default-src, so plugin content may load from anywhere")
        }
        return notes
    }
}
