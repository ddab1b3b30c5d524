import VaultCLI
import VaultCore
import VaultSystem

/// The words an attacker who targets one account tries first: the parts of the entry's name
/// (`web/github` → web, github), its username (and the part before an @), and the names in its
/// URLs' hosts without `www` and the top-level domain (`https://mail.example.org` → mail,
/// example).
public enum EntryWords {
    public static func of(_ entry: Entry) -> [String] {
        var words = split(entry.name)
        if let username = entry.username {
            words.append(username)
            words += split(username)
        }
        for url in entry.urls {
            var host = Substring(url)
            if let scheme = host.firstRange(of: "://") { host = host[scheme.upperBound...] }
            host = host.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }  // user:password@
            host = host.prefix { $0 != ":" }
            let labels = host.split(separator: ".").map(String.init)
            words += labels.dropLast(labels.count > 1 ? 1 : 0).filter { $0.lowercased() != "www" }
        }
        return words
    }

    private static func split(_ text: String) -> [String] {
        text.split(whereSeparator: { "/-_.@ +:".contains($0) }).map(String.init)
    }
}
