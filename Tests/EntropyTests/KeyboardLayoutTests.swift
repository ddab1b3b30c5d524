import Testing
@testable import Entropy

/// The keyboard graphs the spatial matcher walks: QWERTY, Dvorak and both keypads must give
/// exactly zxcvbn's neighbours, in zxcvbn's direction order (a different order would count
/// turns differently), and the two numbers the walk estimate uses must be zxcvbn's.
@Suite("keyboard layouts")
struct KeyboardLayoutTests {
    @Test("every key has zxcvbn's neighbours in zxcvbn's order", arguments: [
        (KeyboardLayouts.qwerty, ZxcvbnGraphs.qwerty),
        (KeyboardLayouts.dvorak, ZxcvbnGraphs.dvorak),
        (KeyboardLayouts.keypad, ZxcvbnGraphs.keypad),
        (KeyboardLayouts.macKeypad, ZxcvbnGraphs.macKeypad),
    ])
    func sameGraph(layout: KeyboardLayout, graph: String) throws {
        let lines = graph.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(layout.neighbours.count == lines.count, "\(layout.name): as many keys as zxcvbn")
        #expect(layout.startingPositions == lines.reduce(0) { $0 + $1[0].unicodeScalars.count },
                "\(layout.name): as many characters as zxcvbn")
        for line in lines {
            let characters = Array(line[0].unicodeScalars)
            let key = try #require(layout.key(for: characters[0].value), "\(layout.name): no key for \(line[0])")
            #expect(!key.shifted, "\(layout.name): \(characters[0]) is typed without Shift")
            if characters.count == 2 {
                let shifted = layout.key(for: characters[1].value)
                #expect(shifted?.key == key.key && shifted?.shifted == true,
                        "\(layout.name): \(characters[1]) is \(characters[0]) with Shift")
            }
            let expected = try line.dropFirst().map { neighbour -> Int? in
                neighbour == "∅" ? nil : try #require(layout.key(for: neighbour.unicodeScalars.first!.value)?.key)
            }
            #expect(layout.neighbours[key.key] == expected, "\(layout.name): neighbours of \(line[0])")
        }
    }

    @Test("the average degree and starting positions of zxcvbn's keyboards", arguments: [
        (KeyboardLayouts.qwerty, 4.595744680851064, 94),
        (KeyboardLayouts.dvorak, 4.595744680851064, 94),
        (KeyboardLayouts.keypad, 5.066666666666666, 15),
    ])
    func statistics(layout: KeyboardLayout, averageDegree: Double, startingPositions: Int) {
        #expect(isClose(layout.averageDegree, averageDegree, within: 1e-12), "\(layout.name): \(layout.averageDegree)")
        #expect(layout.startingPositions == startingPositions)
    }

    @Test("QWERTZ and AZERTY: the keys that set them apart from QWERTY sit where the German and French layouts put them")
    func europeanLayouts() throws {
        let qwertz = KeyboardLayouts.qwertz, azerty = KeyboardLayouts.azerty
        func keyOf(_ layout: KeyboardLayout, _ character: Character) throws -> Int {
            try #require(layout.key(for: character.unicodeScalars.first!.value)?.key, "\(layout.name): \(character)")
        }
        // QWERTZ: z right of t, y at the bottom left beside <, umlauts right of p and l.
        #expect(qwertz.direction(from: try keyOf(qwertz, "t"), to: try keyOf(qwertz, "z")) == 3)
        #expect(qwertz.direction(from: try keyOf(qwertz, "y"), to: try keyOf(qwertz, "x")) == 3)
        #expect(qwertz.direction(from: try keyOf(qwertz, "<"), to: try keyOf(qwertz, "y")) == 3)
        #expect(qwertz.direction(from: try keyOf(qwertz, "p"), to: try keyOf(qwertz, "ü")) == 3)
        #expect(qwertz.key(for: Character("Ä").unicodeScalars.first!.value)?.shifted == true)
        // AZERTY: a and z on the top letter row, q and m on the home row, digits need Shift.
        #expect(azerty.direction(from: try keyOf(azerty, "a"), to: try keyOf(azerty, "z")) == 3)
        #expect(azerty.direction(from: try keyOf(azerty, "l"), to: try keyOf(azerty, "m")) == 3)
        #expect(azerty.key(for: Character("1").unicodeScalars.first!.value)?.shifted == true)
        #expect(azerty.key(for: Character("&").unicodeScalars.first!.value)?.shifted == false)
        #expect(try keyOf(azerty, "&") == (try keyOf(azerty, "1")))
    }
}
