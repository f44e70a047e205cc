import Foundation
import LarderCore
import Testing
import TestSupport
import Yams

/// The Cooklang specification's own parser tests (`canonical.yaml`, version 7): every case's
/// source parses to exactly the steps and metadata the spec gives.
struct CooklangSpecTests {
    struct SpecCase: Sendable, CustomStringConvertible {
        var name: String
        var source: String
        var steps: [[[String: String]]]
        var metadata: [String: String]
        var description: String { name }
    }

    static let cases: [SpecCase] = {
        guard let text = try? String(contentsOf: Fixtures.url("formats/cooklang/canonical.yaml"), encoding: .utf8),
              let root = try? Yams.load(yaml: text) as? [String: Any], let tests = root["tests"] as? [String: Any] else { return [] }
        return tests.keys.sorted().compactMap { name in
            guard let test = tests[name] as? [String: Any], let source = test["source"] as? String,
                  let result = test["result"] as? [String: Any] else { return nil }
            // The spec gives cookware an empty `units` in some cases and none in others.
            let steps = (result["steps"] as? [[[String: Any]]] ?? []).map { step in
                step.map { item in item.mapValues(Self.text).filter { !($0.key == "units" && $0.value.isEmpty && item["type"] as? String == "cookware") } }
            }
            let metadata = (result["metadata"] as? [String: Any] ?? [:]).mapValues(Self.text)
            return SpecCase(name: name, source: source, steps: steps, metadata: metadata)
        }
    }()

    /// YAML scalars as text, numbers written the way Swift prints a Double (`3.0` → `3`).
    static func text(_ value: Any) -> String {
        if let number = value as? Int { return String(number) }
        if let number = value as? Double { return YAMLText.number(number) }
        return "\(value)"
    }

    @Test func theSpecHasItsSixtyCases() {
        #expect(Self.cases.count == 60)
    }

    @Test(arguments: cases)
    func parsesAsTheSpecSays(_ spec: SpecCase) throws {
        let document = try CooklangParser.parse(spec.source)
        let steps = document.sections.flatMap(\.steps).map { $0.map(Self.specItem) }
        #expect(steps == spec.steps)
        #expect(Dictionary(document.metadata.map { ($0.key, $0.value.text) }, uniquingKeysWith: { a, _ in a }) == spec.metadata)
    }

    static func specItem(_ item: CooklangDocument.Item) -> [String: String] {
        func quantity(_ value: CooklangDocument.Quantity, none: String) -> String {
            switch value {
            case .none: return none
            case .number(let number, _): return YAMLText.number(number)
            case .text(let text): return text
            }
        }
        switch item {
        case .text(let value):
            return ["type": "text", "value": value]
        case .ingredient(let name, let amount, let units, _):
            return ["type": "ingredient", "name": name, "quantity": quantity(amount, none: "some"), "units": units]
        case .cookware(let name, let amount):
            return ["type": "cookware", "name": name, "quantity": quantity(amount, none: "1")]
        case .timer(let name, let amount, let units):
            return ["type": "timer", "name": name, "quantity": quantity(amount, none: ""), "units": units]
        }
    }
}
