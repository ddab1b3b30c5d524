/// A language with ranked lists of its own besides English (Resources/SOURCES.md): its
/// ISO 639-1 code, which names its lists in --json (`words_ru`).
enum Language: String, Sendable, Hashable {
    case arabic = "ar"
    case chinese = "zh"
    case french = "fr"
    case german = "de"
    case greek = "el"
    case hebrew = "he"
    case hindi = "hi"
    case japanese = "ja"
    case korean = "ko"
    case portuguese = "pt"
    case russian = "ru"
    case spanish = "es"
    case ukrainian = "uk"

    /// Its English name.
    var name: String {
        switch self {
        case .arabic: "Arabic"
        case .chinese: "Chinese"
        case .french: "French"
        case .german: "German"
        case .greek: "Greek"
        case .hebrew: "Hebrew"
        case .hindi: "Hindi"
        case .japanese: "Japanese"
        case .korean: "Korean"
        case .portuguese: "Portuguese"
        case .russian: "Russian"
        case .spanish: "Spanish"
        case .ukrainian: "Ukrainian"
        }
    }
}
