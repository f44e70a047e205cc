import Foundation
import LarderCore

/// What came back of an export's recipes, from `RecipeComparison` alone: every recipe's entry
/// written down as it comes (one line of JSON each, in a buffer moved to an unnamed temporary
/// file past 1 MB, so memory does not grow with the export), and a tally per field and kind of
/// change for the run's notes. The fidelity report is assembled from it at the end.
final class FidelityLog {
    /// The format's name (`cooklang`) and title (`Cooklang`).
    let format: (name: String, title: String)
    /// The fields the format has no place for, or holds in part, and why (`FormatWriter.noPlaceFor`).
    let noPlaceFor: [RecipeField: String]
    private(set) var checked = 0
    private(set) var differing = 0
    private var tallies: [Key: Tally] = [:]
    /// A line of JSON per recipe.
    private let lines = SpillingRecords(terminator: 0x0A, filePrefix: "larder-fidelity-")
    /// How many recipes a note names before it counts the rest.
    static let namedInNotes = 3

    struct Key: Hashable, Comparable {
        var field: RecipeField
        var change: FieldDifference.Change

        static func < (a: Key, b: Key) -> Bool {
            let order = RecipeField.allCases
            return (order.firstIndex(of: a.field)!, a.change.rawValue) < (order.firstIndex(of: b.field)!, b.change.rawValue)
        }
    }

    struct Tally {
        var recipes = 0
        var titles: [String] = []
    }

    init(format: (name: String, title: String), noPlaceFor: [RecipeField: String]) {
        self.format = format
        self.noPlaceFor = noPlaceFor
    }

    /// One recipe written (to `file`, its first file in the output) and what came back of it.
    func record(_ recipe: Recipe, file path: String?, differences: [FieldDifference]) {
        checked += 1
        if !differences.isEmpty { differing += 1 }
        for difference in differences {
            var tally = tallies[Key(field: difference.field, change: difference.change), default: Tally()]
            tally.recipes += 1
            if tally.titles.count < Self.namedInNotes { tally.titles.append(recipe.title) }
            tallies[Key(field: difference.field, change: difference.change)] = tally
        }
        var line = "{\"differences\":[" + differences.map(Self.json).joined(separator: ",") + "]"
        if let path { line += ",\"file\":" + Manifest.quoted(path) }
        line += ",\"id\":" + Manifest.quoted(recipe.id) + ",\"title\":" + Manifest.quoted(recipe.title) + "}"
        lines.append { $0.append(contentsOf: Array(line.utf8)) }
    }

    static func json(_ difference: FieldDifference) -> String {
        func list(_ items: [String]) -> String { "[" + items.map(Manifest.quoted).joined(separator: ",") + "]" }
        return "{\"change\":\"\(difference.change.rawValue)\",\"field\":\(Manifest.quoted(difference.field.name)),"
            + "\"from\":\(list(difference.from)),\"to\":\(list(difference.to))}"
    }

    // MARK: Notes

    /// One note per field and kind of change, in the order of `RecipeField`, then where the
    /// report is: `Cooklang has no place for nutrition: 30 recipes (Tarte Tatin, Soupe, Quiche
    /// and 27 more)`.
    func notes(report: URL?) -> [String] {
        var notes = tallies.keys.sorted().map { key in note(key, tallies[key]!) }
        let whole = checked - differing
        let summary = differing == 0
            ? (checked == 1 ? "the recipe reads" : "all \(checked) recipes read") + " back from the \(format.title) export as written"
            : "\(differing) of \(checked) recipe\(checked == 1 ? "" : "s") read\(checked == 1 ? "s" : "") back from the \(format.title) export with a difference"
                + (whole > 0 ? ", \(whole) as written" : "")
        notes.append(summary + (report.map { "; the fidelity report (each recipe and what came back of it): \($0.path)" } ?? ""))
        return notes
    }

    func note(_ key: Key, _ tally: Tally) -> String {
        let recipes = Self.recipes(tally)
        let field = key.field.name
        if key.field == .recipe { return "\(recipes) did not read back from the \(format.title) export" }
        if let why = noPlaceFor[key.field] {
            return key.change == .dropped
                ? "\(format.title) has no place for \(field) (\(why)): dropped from \(recipes)"
                : "\(format.title) keeps \(field) only in part (\(why)): changed in \(recipes)"
        }
        return "\(format.title) export \(key.change == .dropped ? "dropped" : "changed") \(field) of \(recipes)"
    }

    /// `30 recipes (Tarte Tatin, Soupe, Quiche and 27 more)`.
    static func recipes(_ tally: Tally) -> String {
        let more = tally.recipes - tally.titles.count
        let names = tally.titles.map { "\"\(TerminalText.oneLine($0))\"" }.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
        return "\(tally.recipes) recipe\(tally.recipes == 1 ? "" : "s") (\(names))"
    }

    /// What `--strict` says when it withholds the output.
    var strictRefusal: String? {
        guard differing > 0 else { return nil }
        return "--strict: \(differing) of \(checked) recipe\(checked == 1 ? "" : "s") would not read back from \(format.title) as \(differing == 1 ? "it is" : "they are") (the notes above say what)"
    }

    // MARK: The report

    /// `OUTPUT.fidelity.json`: the export's format and place, the counts, a line per field and
    /// kind of change, and one line per recipe with its differences (none when it came back
    /// whole), in the order written.
    func writeReport(to url: URL, output: URL) throws {
        try AtomicFile.write(to: url) { write in
            var head = "{\n  \"checked\" : \(checked),\n  \"differing\" : \(differing),\n  \"fields\" : ["
            let fields = tallies.keys.sorted().map { key -> String in
                let why = noPlaceFor[key.field].map { ",\"noPlace\":" + Manifest.quoted($0) } ?? ""
                return "\n    {\"change\":\"\(key.change.rawValue)\",\"field\":\(Manifest.quoted(key.field.name))\(why),\"recipes\":\(tallies[key]!.recipes)}"
            }
            head += fields.joined(separator: ",") + (fields.isEmpty ? "],\n" : "\n  ],\n")
            head += "  \"format\" : \(Manifest.quoted(format.name)),\n  \"output\" : \(Manifest.quoted(output.path)),\n  \"recipes\" : ["
            try write(Data(head.utf8))
            var first = true
            try lines.forEach { line in
                try write(Data(((first ? "\n    " : ",\n    ")).utf8) + line)
                first = false
            }
            try write(Data((first ? "]\n}\n" : "\n  ]\n}\n").utf8))
        }
    }
}
