import Foundation
import IngredientCorpusIO
import LarderCore

/// Trains the ingredient tagger: an averaged perceptron over `IngredientFeatures`, learning
/// from predicted (not gold) history, as it is used when tagging. It lives with the tool that
/// trains (`train-ingredient-tagger`), not in LarderCore: apps parse with the shipped model and
/// never train. It reads the parser's tokens, rules and features through `package` access.
public struct IngredientTaggerTrainer {
    private struct Example {
        var tokens: [IngredientToken]
        var rules: IngredientRuleAnalysis
        var gold: [IngredientLabel]
    }

    private var examples: [Example] = []
    /// Lines whose labels could not be placed on tokens (the name is not in the sentence).
    public private(set) var skipped = 0

    public init() {}

    public var exampleCount: Int { examples.count }

    public mutating func add(_ line: LabelledIngredientLine) {
        if let example = Self.example(line) { examples.append(example) } else { skipped += 1 }
    }

    /// Gold labels per token: the name as a span of the sentence, the first phrase whose unit
    /// matches the gold unit, the gold size words, and everything else comment (or other, for
    /// punctuation). Amount tokens keep the rules' labels.
    private static func example(_ line: LabelledIngredientLine) -> Example? {
        let scalars = ScalarLine(line.sentence)
        let tokens = IngredientTokenizer.tokenize(scalars)
        guard !tokens.isEmpty else { return nil }
        let rules = IngredientRules.analyze(tokens, scalars)
        var gold = rules.labels.enumerated().map { position, label -> IngredientLabel in
            label == .quantity ? .quantity : tokens[position].kind == .punctuation ? .other : .comment
        }
        if let name = line.name, !name.isEmpty {
            let afterAmount = (rules.labels.lastIndex(of: .quantity).map { tokens[$0].end }) ?? 0
            let name = Array(name.unicodeScalars)
            let starts = occurrences(of: name, in: scalars.scalars)
            guard let start = starts.first(where: { $0 >= afterAmount }) ?? starts.first else { return nil }
            let end = start + name.count
            for (position, token) in tokens.enumerated() where token.end > start && token.start < end {
                // A name that cuts a token in two, or swallows the amount, cannot be learned.
                guard token.start >= start, token.end <= end, gold[position] != .quantity else { return nil }
                gold[position] = .name
            }
        }
        if let unit = line.unit.flatMap({ UnitVocabulary.table[$0.lowercased()] }) {
            for position in tokens.indices where gold[position] == .comment {
                if let (found, next) = IngredientRules.unitAt(tokens, position), found == unit,
                   (position..<next).allSatisfy({ gold[$0] == .comment || gold[$0] == .other }) {
                    for part in position..<next where tokens[part].kind == .word { gold[part] = .unit }
                    break
                }
            }
        }
        if let size = line.size {
            let words = Set(size.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init))
            for position in tokens.indices where gold[position] == .comment && words.contains(tokens[position].lower) {
                gold[position] = .size
            }
        }
        return Example(tokens: tokens, rules: rules, gold: gold)
    }

    private static func occurrences(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> [Int] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        return (0...(haystack.count - needle.count)).filter { start in
            haystack[start..<start + needle.count].elementsEqual(needle)
        }
    }

    /// Trains `runs` taggers, each with `epochs` passes in its own fixed shuffled order, and
    /// returns the mean of their averaged weights: one perceptron's result depends on the order
    /// it saw the lines in by a few tenths of a point; the mean of several depends on it less.
    public func train(epochs: Int, runs: Int = 1) -> IngredientTagger {
        let size = (1 << IngredientTagger.bucketBits) * IngredientTagger.labelCount
        var mean = [Float](repeating: 0, count: size)
        for run in 0..<max(1, runs) {
            let weights = train(epochs: epochs, seed: 20_261_122 &+ UInt64(run) &* 7_919).weights
            for slot in 0..<size { mean[slot] += weights[slot] / Float(max(1, runs)) }
        }
        return IngredientTagger(weights: mean)
    }

    /// Runs `epochs` passes in a fixed shuffled order and returns the averaged weights.
    private func train(epochs: Int, seed: UInt64) -> IngredientTagger {
        let size = (1 << IngredientTagger.bucketBits) * IngredientTagger.labelCount
        var weights = [Float](repeating: 0, count: size)
        var totals = [Double](repeating: 0, count: size)
        var stamps = [Int](repeating: 0, count: size)
        var clock = 0
        var order = Array(examples.indices)
        var random = SplitMix(seed: seed)
        var features = [Int](repeating: 0, count: IngredientFeatures.count)

        func update(_ feature: Int, _ label: IngredientLabel, _ delta: Float) {
            let slot = feature * IngredientTagger.labelCount + Int(label.rawValue) - 1
            totals[slot] += Double(weights[slot]) * Double(clock - stamps[slot])
            stamps[slot] = clock
            weights[slot] += delta
        }

        for _ in 0..<epochs {
            order.shuffle(using: &random)
            for index in order {
                let example = examples[index]
                var labels = example.rules.labels
                let context = IngredientFeatures(example.tokens, rules: example.rules)
                var seenName = false
                for position in example.tokens.indices where example.rules.labels[position] != .quantity {
                    clock += 1
                    context.fill(&features, at: position, labels: labels, seenName: seenName)
                    let punctuation = example.tokens[position].kind == .punctuation
                    let guess = weights.withUnsafeBufferPointer { IngredientTagger.best(features, $0, punctuation: punctuation) }
                    let truth = example.gold[position] == .quantity ? .comment : example.gold[position]
                    if guess != truth {
                        for feature in features {
                            update(feature, truth, 1)
                            update(feature, guess, -1)
                        }
                    }
                    labels[position] = guess
                    seenName = seenName || guess == .name
                }
            }
        }
        var averaged = [Float](repeating: 0, count: size)
        for slot in 0..<size {
            let total = totals[slot] + Double(weights[slot]) * Double(clock - stamps[slot])
            averaged[slot] = clock > 0 ? Float(total / Double(clock)) : 0
        }
        return IngredientTagger(weights: averaged)
    }
}

/// A small deterministic generator, so that training gives the same model on every machine.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
