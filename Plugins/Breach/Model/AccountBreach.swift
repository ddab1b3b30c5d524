import FoundationEssentials
import VaultCore
import VaultSystem

/// One breach an account was found in, as the breached-account API describes it with
/// `truncateResponse=false`: the members vault shows, read strictly (a missing one, or one of
/// the wrong kind, makes the whole answer malformed); every other member (Description, which is
/// HTML, PwnCount, the Is… flags) is ignored.
struct AccountBreach: Decodable, Equatable, Sendable {
    /// The breach's stable name, such as "Adobe".
    let name: String
    /// Its title for people, such as "Adobe".
    let title: String
    /// The breached site's domain; empty for a breach of no one site.
    let domain: String
    /// When the breach happened, `YYYY-MM-DD`.
    let date: String
    /// What the breach exposed, such as "Email addresses" and "Passwords".
    let dataClasses: [String]

    init(name: String, title: String, domain: String, date: String, dataClasses: [String]) {
        self.name = name
        self.title = title
        self.domain = domain
        self.date = date
        self.dataClasses = dataClasses
    }

    private enum CodingKeys: String, CodingKey {
        case name = "Name", title = "Title", domain = "Domain", date = "BreachDate", dataClasses = "DataClasses"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        title = try container.decode(String.self, forKey: .title)
        domain = try container.decode(String.self, forKey: .domain)
        date = try container.decode(String.self, forKey: .date)
        dataClasses = try container.decode([String].self, forKey: .dataClasses)
        guard Self.isDate(date) else {
            throw DecodingError.dataCorruptedError(forKey: .date, in: container, debugDescription: "not YYYY-MM-DD")
        }
    }

    /// The breaches of a 200 answer for `account`: a JSON array of breach objects.
    static func list(from body: [UInt8], account: String) throws(BreachError) -> [AccountBreach] {
        do {
            return try JSONDecoder().decode([AccountBreach].self, from: Data(body))
        } catch let error as DecodingError {
            throw .malformedAccountAnswer(account: account, reason: Self.describe(error))
        } catch {
            throw .malformedAccountAnswer(account: account, reason: "malformed JSON")
        }
    }

    /// What is wrong, and where: "breach 2: 'DataClasses' is missing".
    private static func describe(_ error: DecodingError) -> String {
        let path = DecodingErrorText.path(of: error)
        let breach = path.first?.intValue.map { "breach \($0 + 1): " } ?? ""
        if case .dataCorrupted = error, path.count > 1, path.last?.stringValue == CodingKeys.date.stringValue {
            return breach + "'BreachDate' is not a date such as 2013-10-04"
        }
        if path.isEmpty, case .typeMismatch = error { return "not a JSON list" }
        return breach + DecodingErrorText.describe(error)
    }

    /// `YYYY-MM-DD`, digits where digits go.
    private static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.indices.allSatisfy { index in
            index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : (0x30...0x39).contains(bytes[index])
        }
    }
}
