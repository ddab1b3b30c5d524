import FoundationEssentials
import FuzzSupport
import VaultCLI
@testable import Breach

/// The breached-account answer parser (`AccountBreach.list`) on any body. It must refuse with
/// a one-line reason free of control characters, or give breaches whose dates are
/// `YYYY-MM-DD`; the breaches written back in the API's shape read the same; and the report
/// vault prints of them holds nothing a terminal would act on, and its JSON reads back to the
/// same breaches (Fuzz/seeds/breach-account/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBreachAccount(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Fuzzer.bytes(data, size)
    let breaches: [AccountBreach]
    do {
        breaches = try AccountBreach.list(from: body, account: AccountAnswer.account)
    } catch {
        guard case .malformedAccountAnswer(AccountAnswer.account, let reason) = error else {
            Fuzzer.require(false, "refused with another error: \(error)")
            return 0
        }
        Fuzzer.require(!reason.isEmpty && TerminalText.visible(error.message) == error.message,
                       "a reason that is empty or holds a control character: \(error.message.debugDescription)")
        return 0
    }
    for breach in breaches {
        Fuzzer.require(AccountAnswer.isDate(breach.date), "a breach date that is not YYYY-MM-DD: \(breach.date.debugDescription)")
    }
    let again = try? AccountBreach.list(from: AccountAnswer.rendered(breaches), account: AccountAnswer.account)
    Fuzzer.require(again == breaches, "the breaches written back in the API's shape read differently")
    checkReport(breaches)
    return 0
}

/// The report's text shows every breach with nothing a terminal would act on; its JSON reads
/// back to the same breaches.
private func checkReport(_ breaches: [AccountBreach]) {
    let report = AccountReport(address: AccountAnswer.account, entries: ["an entry"], breaches: breaches)
    let text = report.text()
    Fuzzer.require(TerminalText.visibleLines(text) == text, "the report's text holds a control character")
    var json = JSONWriter()
    report.json(into: &json)
    let printed = try? JSONDecoder().decode(PrintedReport.self, from: Data(json.bytes))
    Fuzzer.require(printed?.breaches == breaches.map(PrintedBreach.init), "the report's JSON does not read back to the breaches")
}

/// The API's shape, as a test server would write it back.
enum AccountAnswer {
    static let account = "a@b.example"

    struct Breach: Encodable {
        let Name, Title, Domain, BreachDate: String
        let DataClasses: [String]
    }

    static func rendered(_ breaches: [AccountBreach]) -> [UInt8] {
        let objects = breaches.map { Breach(Name: $0.name, Title: $0.title, Domain: $0.domain, BreachDate: $0.date, DataClasses: $0.dataClasses) }
        return (try? Array(JSONEncoder().encode(objects))) ?? []
    }

    static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && bytes.indices.allSatisfy { index in
            index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
    }
}

/// `vault breach --account --json`'s object, as a reader of it decodes it.
struct PrintedReport: Decodable {
    let account: String
    let found: Bool
    let breaches: [PrintedBreach]
}

struct PrintedBreach: Decodable, Equatable {
    let name, title, domain, date: String
    let data_classes: [String]

    init(_ breach: AccountBreach) {
        name = breach.name
        title = breach.title
        domain = breach.domain
        date = breach.date
        data_classes = breach.dataClasses
    }
}

@_cdecl("breach_account_fuzz_main")
public func breachAccountFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzBreachAccount)
}
