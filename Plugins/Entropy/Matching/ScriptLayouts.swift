/// Keyboards of other scripts, written like the layouts in `KeyboardLayouts` (each key as its
/// unshifted character followed by its shifted one, one character when Shift types the same),
/// row for row and key for key over the ANSI keys of US QWERTY, so that `LayoutMapping` can
/// pair the characters a key types on each. Only the first two levels (no AltGr) are written.
///
/// The layouts are facts, copied from these sources:
/// - Russian, Ukrainian, Greek, Hebrew, Arabic: xkeyboard-config 2.35 (MIT licence), the files
///   `symbols/ru` ("winkeys", the default), `symbols/ua` ("unicode", the default),
///   `symbols/gr` ("basic"), `symbols/il` ("basic", the SI-1452 layout used in Israel) and
///   `symbols/ara` ("basic", the PC 101 Arabic layout).
/// - Korean: the 2-set (Dubeolsik) layout of KS X 5002, as in libhangul's `keyboard_table_2`.
/// - Zhuyin: the standard (Dachen) layout, as in libchewing's `key_str` for the standard
///   keyboard ("1qaz2wsxedcrfv5tgbyhnujm8ik,9ol.0p;/-7634").
extension KeyboardLayouts {
    /// The typewriter keyboards of other scripts whose walks, columns and rows are looked for in
    /// passwords with characters beyond ASCII (`йцукен`, `фывапролджэ`).
    static let otherScripts = [russian, ukrainian, greek, hebrew, arabic]

    static let russian = KeyboardLayout(
        name: "russian",
        rows: [
            "ёЁ 1! 2\" 3№ 4; 5% 6: 7? 8* 9( 0) -_ =+",
            "йЙ цЦ уУ кК еЕ нН гГ шШ щЩ зЗ хХ ъЪ \\/",
            "фФ ыЫ вВ аА пП рР оО лЛ дД жЖ эЭ",
            "яЯ чЧ сС мМ иИ тТ ьЬ бБ юЮ .,",
        ],
        offsets: [0, 1, 1, 1], slanted: true)

    /// Ukrainian: і, ї, є and ґ where Russian has ы, ъ, э and the backslash; the apostrophe
    /// (and the modifier letter ʼ) left of 1.
    static let ukrainian = KeyboardLayout(
        name: "ukrainian",
        rows: [
            "'ʼ 1! 2\" 3№ 4; 5% 6: 7? 8* 9( 0) -_ =+",
            "йЙ цЦ уУ кК еЕ нН гГ шШ щЩ зЗ хХ їЇ ґҐ",
            "фФ іІ вВ аА пП рР оО лЛ дД жЖ єЄ",
            "яЯ чЧ сС мМ иИ тТ ьЬ бБ юЮ .,",
        ],
        offsets: [0, 1, 1, 1], slanted: true)

    /// Greek: `;` on Q, final sigma on W, and the dead keys for the tonos (written ΄) and the
    /// dialytika (written ¨) on the US semicolon key: `LayoutMapping` puts them on the vowel
    /// typed next (`;a` types ά).
    static let greek = KeyboardLayout(
        name: "greek",
        rows: [
            "`~ 1! 2@ 3# 4$ 5% 6^ 7& 8* 9( 0) -_ =+",
            ";: ςΣ εΕ ρΡ τΤ υΥ θΘ ιΙ οΟ πΠ [{ ]} \\|",
            "αΑ σΣ δΔ φΦ γΓ ηΗ ξΞ κΚ λΛ ΄¨ '\"",
            "ζΖ χΧ ψΨ ωΩ βΒ νΝ μΜ ,< .> /?",
        ],
        offsets: [0, 1, 1, 1], slanted: true)

    /// Hebrew (SI-1452): Shift types the Latin capital; brackets and parentheses are mirrored.
    static let hebrew = KeyboardLayout(
        name: "hebrew",
        rows: [
            ";~ 1! 2@ 3# 4$ 5% 6^ 7& 8* 9) 0( -_ =+",
            "/Q 'W קE רR אT טY וU ןI םO פP ]} [{ \\|",
            "שA דS גD כF עG יH חJ לK ךL ף: ,\"",
            "זZ סX בC הV נB מN צM ת> ץ< .?",
        ],
        offsets: [0, 1, 1, 1], slanted: true)

    /// Arabic (PC 101): keys whose Shift types a diacritic (a combining mark, never typed alone
    /// in a word) are written with their letter only; B types the ligature ﻻ (lam-alef).
    static let arabic = KeyboardLayout(
        name: "arabic",
        rows: [
            "ذ 1! 2@ 3# 4$ 5% 6^ 7& 8* 9) 0( -_ =+",
            "ض ص ث ق فﻹ غإ ع` ه÷ خ× ح؛ ج< د> \\…",
            "ش س ي] ب[ لﻷ اأ تـ ن، م/ ك: ط\"",
            "ئ~ ء ؤ} ر{ ﻻﻵ ىآ ة' و, ز. ظ؟",
        ],
        offsets: [0, 1, 1, 1], slanted: true)

    /// Korean 2-set (Dubeolsik): consonants on the left hand, vowels on the right; Shift types
    /// the tense consonants ㅃ ㅉ ㄸ ㄲ ㅆ and the vowels ㅒ ㅖ. The keys type compatibility
    /// jamo, which the input method composes into syllables (`HangulSyllables`).
    static let korean = KeyboardLayout(
        name: "korean",
        rows: [
            "`~ 1! 2@ 3# 4$ 5% 6^ 7& 8* 9( 0) -_ =+",
            "ㅂㅃ ㅈㅉ ㄷㄸ ㄱㄲ ㅅㅆ ㅛ ㅕ ㅑ ㅐㅒ ㅔㅖ [{ ]} \\|",
            "ㅁ ㄴ ㅇ ㄹ ㅎ ㅗ ㅓ ㅏ ㅣ ;: '\"",
            "ㅋ ㅌ ㅊ ㅍ ㅠ ㅜ ㅡ ,< .> /?",
        ],
        offsets: [0, 1, 1, 1], slanted: true)

    /// Zhuyin (bopomofo), the standard Dachen layout: 37 symbols and the tone marks ˇ ˋ ˊ ˙
    /// (the first tone is the space bar).
    static let zhuyin = KeyboardLayout(
        name: "zhuyin",
        rows: [
            "`~ ㄅ ㄉ ˇ ˋ ㄓ ˊ ˙ ㄚ ㄞ ㄢ ㄦ =+",
            "ㄆ ㄊ ㄍ ㄐ ㄔ ㄗ ㄧ ㄛ ㄟ ㄣ [{ ]} \\|",
            "ㄇ ㄋ ㄎ ㄑ ㄕ ㄘ ㄨ ㄜ ㄠ ㄤ '\"",
            "ㄈ ㄌ ㄏ ㄒ ㄖ ㄙ ㄩ ㄝ ㄡ ㄥ",
        ],
        offsets: [0, 1, 1, 1], slanted: true)
}
