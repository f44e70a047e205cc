/// The tagger's view of one line: per-token facts computed once (word hashes, shapes, word
/// classes, commas and brackets so far), and the hashed feature buckets for one position.
/// Changing a feature changes the model: retrain after any edit here.
package struct IngredientFeatures {
    package static let count = 32

    /// What the features need to know of one token, computed once per line.
    private struct TokenFacts {
        /// Hash of the lower-cased word.
        var word: UInt64
        var suffix: UInt64
        var shape: UInt64
        var wordClass: UInt64
        var rule: UInt64
        /// Commas and semicolons before the token, at most 2.
        var commas: UInt64
        var inBrackets: UInt64
        /// Position relative to the rules' first name token, clamped to -3...3 and shifted
        /// (9 when the rules found no name).
        var nameDistance: UInt64
        /// Position relative to the rules' last name token, clamped the same way.
        var nameEndDistance: UInt64
    }

    private var facts: [TokenFacts]
    private let tokenCount: Int

    /// Stands for the word before the first and after the last token.
    private static let boundary: UInt64 = 0x5EED
    private static let outside: UInt64 = 7

    package init(_ tokens: [IngredientToken], rules analysis: IngredientRuleAnalysis) {
        tokenCount = tokens.count
        facts = []
        facts.reserveCapacity(tokens.count)
        var commaCount: UInt64 = 0
        var depth = 0
        let firstName = analysis.labels.firstIndex(of: .name)
        let lastName = analysis.labels.lastIndex(of: .name)
        for (position, token) in tokens.enumerated() {
            let (word, suffix) = (token.hash, token.suffixHash)
            let distance = firstName.map { UInt64(max(-3, min(3, position - $0)) + 3) } ?? 9
            let endDistance = lastName.map { UInt64(max(-3, min(3, position - $0)) + 3) } ?? 9
            if token.isMark("(") || token.isMark("[") { depth += 1 }
            facts.append(TokenFacts(word: word, suffix: suffix, shape: Self.shape(token), wordClass: Self.wordClass(token),
                                    rule: UInt64(analysis.labels[position].rawValue), commas: commaCount,
                                    inBrackets: depth > 0 ? 1 : 0, nameDistance: distance, nameEndDistance: endDistance))
            if token.isMark(")") || token.isMark("]") { depth = max(0, depth - 1) }
            if token.isMark(",") || token.isMark(";") { commaCount = min(commaCount + 1, 2) }
        }
    }

    /// Fills `features` with the bucket of every feature at `position`, given the labels chosen
    /// so far (positions before `position`) and whether any of them is `name` (kept by the
    /// caller, so that a long line stays linear).
    package func fill(_ features: inout [Int], at position: Int, labels: [IngredientLabel], seenName: Bool) {
        let here = facts[position]
        let before = position > 0 ? facts[position - 1] : nil
        let after = position + 1 < tokenCount ? facts[position + 1] : nil
        let w0 = here.word
        let wm1 = before?.word ?? Self.boundary
        let wm2 = position > 1 ? facts[position - 2].word : Self.boundary
        let wp1 = after?.word ?? Self.boundary
        let wp2 = position + 2 < tokenCount ? facts[position + 2].word : Self.boundary
        let r0 = here.rule
        let rm1 = before?.rule ?? Self.outside
        let rp1 = after?.rule ?? Self.outside
        let cm1 = before?.wordClass ?? Self.outside
        let c0 = here.wordClass
        let cp1 = after?.wordClass ?? Self.outside
        let pm1 = position > 0 ? UInt64(labels[position - 1].rawValue) : Self.outside
        let pm2 = position > 1 ? UInt64(labels[position - 2].rawValue) : Self.outside
        let seenName: UInt64 = seenName ? 1 : 0
        let place = UInt64(min(position, 6)) | (position == tokenCount - 1 ? 8 : 0)

        features[0] = Self.key(1, 0, 0)
        features[1] = Self.key(2, w0, 0)
        features[2] = Self.key(3, wm1, 0)
        features[3] = Self.key(4, wp1, 0)
        features[4] = Self.key(5, wm2, 0)
        features[5] = Self.key(6, wp2, 0)
        features[6] = Self.key(7, wm1, w0)
        features[7] = Self.key(8, w0, wp1)
        features[8] = Self.key(9, here.suffix, 0)
        features[9] = Self.key(10, here.shape, 0)
        features[10] = Self.key(11, r0, 0)
        features[11] = Self.key(12, rm1 << 8 | r0 << 4 | rp1, 0)
        features[12] = Self.key(13, r0, w0)
        features[13] = Self.key(14, here.commas << 4 | r0, 0)
        features[14] = Self.key(15, here.inBrackets << 4 | r0, 0)
        features[15] = Self.key(16, cm1 << 8 | c0 << 4 | cp1, 0)
        features[16] = Self.key(17, place << 4 | r0, 0)
        features[17] = Self.key(18, r0, wm1)
        features[18] = Self.key(19, here.commas, w0)
        features[19] = Self.key(20, here.nameDistance << 4 | r0, 0)
        features[20] = Self.key(21, pm1, 0)
        features[21] = Self.key(22, pm1 << 4 | pm2, 0)
        features[22] = Self.key(23, pm1, w0)
        features[23] = Self.key(24, seenName << 4 | r0, 0)
        features[24] = Self.key(25, pm1 << 4 | r0, 0)
        features[25] = Self.key(26, seenName << 8 | pm1 << 4 | c0, 0)
        features[26] = Self.key(27, wp1, wp2)
        features[27] = Self.key(28, wm1, wm2)
        features[28] = Self.key(29, here.nameDistance, w0)
        features[29] = Self.key(30, here.shape << 8 | r0, wp1)
        features[30] = Self.key(31, here.nameEndDistance << 4 | r0, 0)
        features[31] = Self.key(32, here.nameEndDistance, w0)
    }

    /// Mixes a template number and up to two values into a bucket (a splitmix-style finalizer).
    @inline(__always) static func key(_ template: UInt64, _ a: UInt64, _ b: UInt64) -> Int {
        var h = template &* 0x9E37_79B9_7F4A_7C15
        h ^= a &+ 0x632B_E59B_D9B4_E019 &+ (h << 6) &+ (h >> 2)
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= b &+ 0x94D0_49BB_1331_11EB &+ (h << 6) &+ (h >> 2)
        h ^= h >> 31
        h = h &* 0x94D0_49BB_1331_11EB
        h ^= h >> 29
        return Int(truncatingIfNeeded: h & IngredientTagger.bucketMask)
    }

    /// Kind, capitalisation (first letter or all), hyphen and length in a few bits: computed by
    /// the tokenizer (`IngredientToken.shape`).
    static func shape(_ token: IngredientToken) -> UInt64 { token.shape }

    /// Which of the parser's word lists the token is in.
    static func wordClass(_ token: IngredientToken) -> UInt64 {
        switch token.kind {
        case .number: return 1
        case .punctuation: return 2
        case .word:
            if token.info.wordClass != 0 { return UInt64(token.info.wordClass) }
            if token.lower.hasSuffix("ed") || token.lower.hasSuffix("ly") { return 8 }
            return 9
        }
    }

    /// Every listed word with its class, so that a token costs one lookup: units 3, sizes 4,
    /// preparation words 5, "and"/"or" 6, number words 7 (the first list a word is in wins).
    static let wordClasses: [String: UInt64] = {
        var table: [String: UInt64] = [:]
        let lists: [(words: [String], class: UInt64)] = [
            (Array(UnitVocabulary.table.keys) + ["t", "tb", "tbs"], 3),
            (Array(IngredientWords.sizes), 4),
            (Array(IngredientWords.preparation), 5),
            (["and", "or"], 6),
            (Array(NumberWords.words.keys), 7),
        ]
        for (words, wordClass) in lists {
            for word in words where table[word] == nil { table[word] = wordClass }
        }
        return table
    }()
}
