import Foundation

/// A small averaged-perceptron tagger that decides, token by token and left to right, what
/// each part of an ingredient line is: unit, size, name, comment or other punctuation. The rules
/// (`IngredientRules`) have already found the amount; their label for every token is one of the
/// tagger's features, so the tagger learns where the labelled data disagrees with them
/// (which descriptive words stay in a name, which trailing words are units).
///
/// Features are hashed into a fixed number of buckets, so no feature strings are built while
/// tagging. Weights are trained by `train-ingredient-tagger` (see `make train-ingredient-tagger`)
/// and shipped in `IngredientTaggerModel+Generated.swift`.
public struct IngredientTagger: Sendable {
    package static let bucketBits = 16
    static let bucketMask = UInt64((1 << bucketBits) - 1)
    package static let labelCount = IngredientLabel.tagged.count

    /// `bucket * labelCount + IngredientLabel.rawValue - 1`.
    package var weights: [Float]

    package init(weights: [Float]) {
        precondition(weights.count == (1 << Self.bucketBits) * Self.labelCount)
        self.weights = weights
    }

    /// The tagger trained on the labelled corpus, shipped with Larder. Nil only if the embedded
    /// model is damaged, in which case the rules alone decide.
    public static let shipped: IngredientTagger? = {
        guard let data = Data(base64Encoded: IngredientTaggerModel.base64, options: .ignoreUnknownCharacters) else { return nil }
        return try? IngredientTagger(model: data)
    }()

    /// Labels every token; amount tokens keep the rules' `quantity` label.
    func tag(_ tokens: [IngredientToken], rules: IngredientRuleAnalysis) -> [IngredientLabel] {
        var labels = rules.labels
        let context = IngredientFeatures(tokens, rules: rules)
        var features = [Int](repeating: 0, count: IngredientFeatures.count)
        var seenName = false
        weights.withUnsafeBufferPointer { weights in
            for position in tokens.indices where rules.labels[position] != .quantity {
                context.fill(&features, at: position, labels: labels, seenName: seenName)
                labels[position] = Self.best(features, weights, punctuation: tokens[position].kind == .punctuation)
                seenName = seenName || labels[position] == .name
            }
        }
        return labels
    }

    /// The highest-scoring label allowed for the token: punctuation is either inside the name or
    /// other; words and numbers are never `other`.
    @inline(__always)
    package static func best(_ features: [Int], _ weights: UnsafeBufferPointer<Float>, punctuation: Bool) -> IngredientLabel {
        var scores: (Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0)
        for feature in features {
            let base = feature &* labelCount
            scores.0 += weights[base]
            scores.1 += weights[base + 1]
            scores.2 += weights[base + 2]
            scores.3 += weights[base + 3]
            scores.4 += weights[base + 4]
        }
        if punctuation { return scores.2 >= scores.4 ? .name : .other }
        var label = IngredientLabel.unit
        var top = scores.0
        if scores.1 > top { top = scores.1; label = .size }
        if scores.2 > top { top = scores.2; label = .name }
        if scores.3 > top { label = .comment }
        return label
    }

    // MARK: - Serialized form

    static let magic: [UInt8] = Array("LIT1".utf8)

    /// Sparse, quantized: only buckets with a non-zero weight, as 16-bit integers times one scale.
    /// Layout: "LIT1", bucket bits (UInt8), label count (UInt8), scale (Float32), entry count
    /// (UInt32), then per entry the bucket (UInt32) and one Int16 per label; little-endian.
    public init(model data: Data) throws {
        let bytes = [UInt8](data)
        var reader = ByteReader(bytes: bytes)
        guard reader.take(4) == Self.magic, reader.byte() == UInt8(Self.bucketBits), reader.byte() == UInt8(Self.labelCount) else {
            throw TaggerModelError.wrongFormat
        }
        let scale = Float(bitPattern: reader.uint32())
        let count = Int(reader.uint32())
        var weights = [Float](repeating: 0, count: (1 << Self.bucketBits) * Self.labelCount)
        for _ in 0..<count {
            let bucket = Int(reader.uint32())
            guard bucket < 1 << Self.bucketBits else { throw TaggerModelError.wrongFormat }
            for label in 0..<Self.labelCount {
                weights[bucket * Self.labelCount + label] = Float(Int16(bitPattern: UInt16(truncatingIfNeeded: reader.uint16()))) * scale
            }
        }
        guard !reader.overran else { throw TaggerModelError.wrongFormat }
        self.init(weights: weights)
    }

    /// The model's weights in the binary form `init(model:)` reads, for the model file the training tool writes.
    public func serializedModel() -> Data {
        let largest = weights.reduce(Float(0)) { max($0, abs($1)) }
        let scale = largest > 0 ? largest / 32767 : 1
        var entries: [UInt8] = []
        var count: UInt32 = 0
        for bucket in 0..<(1 << Self.bucketBits) {
            let quantized = (0..<Self.labelCount).map { Int16((weights[bucket * Self.labelCount + $0] / scale).rounded()) }
            guard quantized.contains(where: { $0 != 0 }) else { continue }
            count += 1
            entries.append(contentsOf: littleEndian(UInt32(bucket)))
            for value in quantized { entries.append(contentsOf: littleEndian(UInt16(bitPattern: value))) }
        }
        var data = Data(Self.magic)
        data.append(UInt8(Self.bucketBits))
        data.append(UInt8(Self.labelCount))
        data.append(contentsOf: littleEndian(scale.bitPattern))
        data.append(contentsOf: littleEndian(count))
        data.append(contentsOf: entries)
        return data
    }

    private func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}

enum TaggerModelError: Error { case wrongFormat }

/// Reads little-endian integers; reading past the end yields zeros and sets `overran`.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0
    var overran = false

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { overran = true; return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func take(_ count: Int) -> [UInt8] { (0..<count).map { _ in byte() } }
    mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    mutating func uint32() -> UInt32 { UInt32(uint16()) | UInt32(uint16()) << 16 }
}
