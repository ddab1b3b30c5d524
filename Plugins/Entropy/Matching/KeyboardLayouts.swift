/// The keyboards whose walks the estimator knows. The rows are facts about the layouts (US
/// QWERTY, US Dvorak, German QWERTZ and French AZERTY as printed on ISO and ANSI keyboards, and
/// the numeric keypads of PC and Mac keyboards and of a telephone).
enum KeyboardLayouts {
    static let qwerty = KeyboardLayout(
        name: "qwerty",
        rows: [
            "`~ 1! 2@ 3# 4$ 5% 6^ 7& 8* 9( 0) -_ =+",
            "qQ wW eE rR tT yY uU iI oO pP [{ ]} \\|",
            "aA sS dD fF gG hH jJ kK lL ;: '\"",
            "zZ xX cC vV bB nN mM ,< .> /?",
        ],
        offsets: [0, 1, 1, 1], slanted: true)

    static let dvorak = KeyboardLayout(
        name: "dvorak",
        rows: [
            "`~ 1! 2@ 3# 4$ 5% 6^ 7& 8* 9( 0) [{ ]}",
            "'\" ,< .> pP yY fF gG cC rR lL /? =+ \\|",
            "aA oO eE uU iI dD hH tT nN sS -_",
            ";: qQ jJ kK xX bB mM wW vV zZ",
        ],
        offsets: [0, 1, 1, 1], slanted: true)

    /// German: Z and Y swapped, umlauts, and the ISO key left of Y.
    static let qwertz = KeyboardLayout(
        name: "qwertz",
        rows: [
            "^° 1! 2\" 3§ 4$ 5% 6& 7/ 8( 9) 0= ß? ´`",
            "qQ wW eE rR tT zZ uU iI oO pP üÜ +*",
            "aA sS dD fF gG hH jJ kK lL öÖ äÄ #'",
            "<> yY xX cC vV bB nN mM ,; .: -_",
        ],
        offsets: [0, 1, 1, 0], slanted: true)

    /// French: digits need Shift, A/Q and Z/W swapped, M beside L.
    static let azerty = KeyboardLayout(
        name: "azerty",
        rows: [
            "² &1 é2 \"3 '4 (5 -6 è7 _8 ç9 à0 )° =+",
            "aA zZ eE rR tT yY uU iI oO pP ^¨ $£",
            "qQ sS dD fF gG hH jJ kK lL mM ù% *µ",
            "<> wW xX cC vV bB nN ,? ;. :/ !§",
        ],
        offsets: [0, 1, 1, 0], slanted: true)

    static let keypad = KeyboardLayout(
        name: "keypad",
        rows: ["/ * -", "7 8 9 +", "4 5 6", "1 2 3", "0 ."],
        offsets: [1, 0, 0, 0, 1], slanted: false)

    static let macKeypad = KeyboardLayout(
        name: "mac keypad",
        rows: ["= / *", "7 8 9 -", "4 5 6 +", "1 2 3", "0 ."],
        offsets: [1, 0, 0, 0, 1], slanted: false)

    /// A telephone's keypad (ITU-T E.161): 1 2 3 on top, the other way up from a computer's, and
    /// 0 under 8 between * and #.
    static let phoneKeypad = KeyboardLayout(
        name: "phone keypad",
        rows: ["1 2 3", "4 5 6", "7 8 9", "* 0 #"],
        offsets: [0, 0, 0, 0], slanted: false)

    static let all = [qwerty, dvorak, qwertz, azerty, keypad, macKeypad, phoneKeypad]
    /// The keyboards whose rows are long enough to be typed one after another.
    static let typewriters = [qwerty, dvorak, qwertz, azerty]
}
