import ArgumentParser
import Foundation
import LarderCore

extension Larder {
    struct Parse: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how Larder reads ingredient lines, durations or yields.",
            discussion: """
            Give lines as arguments, or none to read one per line from standard input. For \
            ingredients it shows quantity, unit, name, comment and size; with --scale or --units \
            also the rewritten line. Example: larder parse "1 ½ cups flour, sifted"
            """
        )

        enum Kind: String, ExpressibleByArgument, CaseIterable {
            case ingredient, duration, yield
        }

        @Argument(help: ArgumentHelp("The text to parse.", valueName: "line"))
        var lines: [String] = []

        @Option(name: .customLong("as"), help: ArgumentHelp("What the lines are: ingredient, duration or yield (default: ingredient).", valueName: "kind"))
        var givenKind: Kind?

        /// The default is written into the help, for the man pages (which show no defaults).
        var kind: Kind { givenKind ?? .ingredient }

        @Flag(name: .long, help: "Print one JSON object per line instead of a table.")
        var json = false

        @Option(name: .long, help: ArgumentHelp("Also show each ingredient scaled by this factor, from 0.01 to 1000.", valueName: "factor"))
        var scale: Double?

        @Option(name: .long, help: ArgumentHelp("Also show each ingredient converted to metric or us units.", valueName: "system"))
        var units: MeasureUnit.System?

        func validate() throws {
            try AmountOptions.validateScale(scale)
        }

        func run() throws {
            var inputs = lines
            if inputs.isEmpty {
                while let line = readLine() { inputs.append(line) }
            }
            // Scaled English words follow their number (`2 onions`), other languages' stay as
            // written (`4–6 Eier`); the lines given are read together to tell which.
            let english = RecipeLanguage.isEnglish(lines: inputs)
            for line in inputs {
                let fields = describe(line, english: english)
                if json {
                    var object: [String: Any] = ["line": line]
                    for (key, value) in fields { object[key] = value }
                    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
                    print(String(decoding: data, as: UTF8.self))
                } else {
                    print(line)
                    for (key, value) in fields {
                        let shown = (value as? Double).map { AmountText.format($0, style: .decimal) } ?? "\(value)"
                        print("  \(key.padding(toLength: 10, withPad: " ", startingAt: 0)) \(shown)")
                    }
                }
            }
        }

        /// The parts of one line, in display order.
        func describe(_ line: String, english: Bool) -> [(String, Any)] {
            switch kind {
            case .ingredient:
                let parsed = IngredientParser.parse(line)
                var fields: [(String, Any)] = []
                if let quantity = parsed.quantity {
                    fields.append(("quantity", quantity.value))
                    if let upper = quantity.upper { fields.append(("upper", upper)) }
                }
                if let unit = parsed.unit { fields.append(("unit", unit)) }
                if let size = parsed.size { fields.append(("size", size)) }
                if let name = parsed.name { fields.append(("name", name)) }
                if let comment = parsed.comment { fields.append(("comment", comment)) }
                var ingredient = Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name, preparation: parsed.preparation)
                if let scale {
                    ingredient = IngredientRewriter.scaled(ingredient, by: scale, inflectsNames: english)
                    fields.append(("scaled", ingredient.line))
                }
                if let units {
                    ingredient = IngredientRewriter.converted(ingredient, to: units)
                    fields.append(("converted", ingredient.line))
                }
                if fields.isEmpty { fields.append(("note", "nothing recognised")) }
                return fields
            case .duration:
                guard let duration = DurationParser.parse(line), let minutes = duration.minutes else {
                    return [("note", "not a duration; the text is kept as it is")]
                }
                var fields: [(String, Any)] = [("minutes", minutes)]
                if let upper = duration.upperMinutes { fields.append(("upper", upper)) }
                fields.append(("iso8601", DurationText.iso8601(minutes: minutes)))
                return fields
            case .yield:
                guard let yield = YieldParser.parse(line), let quantity = yield.quantity else {
                    return [("note", "no number found; the text is kept as it is")]
                }
                var fields: [(String, Any)] = [("quantity", quantity.value)]
                if let upper = quantity.upper { fields.append(("upper", upper)) }
                if let unit = yield.unit { fields.append(("unit", unit)) }
                if let servings = yield.servings { fields.append(("servings", servings.value)) }
                return fields
            }
        }
    }
}
