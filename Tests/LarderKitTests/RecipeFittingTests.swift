@testable import LarderKit
import Testing

/// How the PDF sink chooses each recipe's layout from measured books.
struct RecipeFittingTests {
    func map(_ anchors: [String: Int], pages: Int) -> PageMap {
        PageMap(engine: "test", pages: pages, anchors: anchors, refused: [])
    }

    @Test func aRecipeKeepsTheFirstLayoutThatSavesAPageAndTheUsualOneOtherwise() {
        var fitting = RecipeFitting(recipes: [("a", true), ("b", false), ("c", true), ("d", false)], followedBy: "index")
        // Usual layout: a on 3, b on 4–5, c on 6–8, d on 9; the index on 10.
        fitting.measuredUsual(map(["a": 3, "b": 4, "c": 6, "d": 9, "index": 10], pages: 11))
        #expect(fitting.chosen.mapValues(\.pages) == ["a": 1, "b": 2, "c": 3, "d": 1])
        // Only c has a picture to set beside; b does not.
        #expect(fitting.candidates(for: .pictureBeside) == ["c"])
        // Measured alone (title page, contents, c, index): c now takes 2 pages.
        fitting.measured(.pictureBeside, on: ["c"], map(["c": 3, "index": 5], pages: 5))
        #expect(fitting.chosen["c"]?.layout == .pictureBeside)
        #expect(fitting.candidates(for: .compact) == ["b", "c"])
        // Compact: b fits one page; c does not get shorter and keeps the picture beside.
        fitting.measured(.compact, on: ["b", "c"], map(["b": 3, "c": 4, "index": 6], pages: 6))
        #expect(fitting.chosen["b"]?.layout == .compact && fitting.chosen["b"]?.pages == 1)
        #expect(fitting.chosen["c"]?.layout == .pictureBeside)
        #expect(fitting.candidates(for: .tight) == ["c"])
        // Tight does not save c's page either: the layouts in force are the ones that saved one.
        fitting.measured(.tight, on: ["c"], map(["c": 3, "index": 5], pages: 5))
        #expect(fitting.layouts == ["b": .compact, "c": .pictureBeside])
        #expect(fitting.recipePages == 1 + 1 + 2 + 1)
    }

    @Test func theLastRecipeEndsWhereTheIndexBeginsOrTheBookEnds() {
        let fitting = RecipeFitting(recipes: [("a", false), ("b", false)], followedBy: "index")
        #expect(fitting.pages(in: map(["a": 3, "b": 4, "index": 7], pages: 8)) == ["a": 1, "b": 3])
        #expect(fitting.pages(in: map(["a": 3, "b": 4], pages: 5)) == ["a": 1, "b": 2])
    }

    /// A recipe the engine lost rows of is stacked, and a tighter layout that loses rows is
    /// never chosen, whatever it saves.
    @Test func aLayoutThatLosesLinesIsNeverChosen() {
        var fitting = RecipeFitting(recipes: [("a", true), ("b", true)], followedBy: "index")
        var usual = map(["a": 3, "b": 6, "index": 8], pages: 8)
        usual.lost = ["a": 7]
        fitting.measuredUsual(usual)
        #expect(fitting.layouts == ["a": .stacked])
        #expect(fitting.candidates(for: .pictureBeside) == ["b"])
        var beside = map(["b": 3, "index": 4], pages: 4)
        beside.lost = ["b": 2]
        fitting.measured(.pictureBeside, on: ["b"], beside)
        #expect(fitting.chosen["b"]?.layout == .usual && fitting.chosen["b"]?.pages == 2)
    }
}
