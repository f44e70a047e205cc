/// Which of the parser's word lists a word is in.
struct WordFlags: OptionSet, Sendable {
    let rawValue: UInt64

    /// A unit spelling starts with this word.
    static let unitStart = WordFlags(rawValue: 1 << 0)
    /// A unit spelling of more than one word starts with this word (`fl`, `c`, `colher`).
    static let phraseStart = WordFlags(rawValue: 1 << 1)
    static let size = WordFlags(rawValue: 1 << 2)
    static let qualifier = WordFlags(rawValue: 1 << 3)
    static let approximation = WordFlags(rawValue: 1 << 4)
    static let preparation = WordFlags(rawValue: 1 << 5)
    static let participle = WordFlags(rawValue: 1 << 6)
    static let prenominal = WordFlags(rawValue: 1 << 7)
    static let connector = WordFlags(rawValue: 1 << 8)
    static let commentStart = WordFlags(rawValue: 1 << 9)
    static let vagueLead = WordFlags(rawValue: 1 << 10)
    static let oneArticle = WordFlags(rawValue: 1 << 11)
    static let little = WordFlags(rawValue: 1 << 12)
    static let level = WordFlags(rawValue: 1 << 13)
    static let thickness = WordFlags(rawValue: 1 << 14)
    static let unitDescription = WordFlags(rawValue: 1 << 15)
    static let sheetGood = WordFlags(rawValue: 1 << 16)
    static let cutPiece = WordFlags(rawValue: 1 << 17)
    static let fractionJoiner = WordFlags(rawValue: 1 << 18)
    static let rangeWord = WordFlags(rawValue: 1 << 19)
    static let alternative = WordFlags(rawValue: 1 << 20)
    /// The first word of a "to taste" phrase (`to`, `a`, `al`, `q`).
    static let asNeededStart = WordFlags(rawValue: 1 << 21)
    /// The first word of a phrase that starts a comment (`du`, `z`, `p`).
    static let commentPhraseStart = WordFlags(rawValue: 1 << 22)
    /// A number word (`two`, `zwei`, `meia`); its value is `WordInfo.value`.
    static let numberWord = WordFlags(rawValue: 1 << 23)
    /// A counting noun (`vingtaine`); its value is `WordInfo.value`.
    static let roundCount = WordFlags(rawValue: 1 << 24)
    /// "of", "from" and their kin after a lead-in ("Juice of 2 limes", "Saft von 1 Limette").
    static let leadConnector = WordFlags(rawValue: 1 << 25)
    /// Prepositions before a cut ("en dés", "in Streifen", "em cubos").
    static let cutPreposition = WordFlags(rawValue: 1 << 26)
    /// Prepositions before an infinitive of purpose ("para fritar", "pour servir").
    static let purposePreposition = WordFlags(rawValue: 1 << 27)
    /// Words that continue a description after a preparation word ("y en trozos", "and").
    static let descriptionJoiner = WordFlags(rawValue: 1 << 28)
    /// Words for "and" between preparation words before the name.
    static let and = WordFlags(rawValue: 1 << 29)
    /// `a`, `an`.
    static let article = WordFlags(rawValue: 1 << 30)
    static let plus = WordFlags(rawValue: 1 << 31)
    /// `x`, `×` between a count and the size of each.
    static let times = WordFlags(rawValue: 1 << 32)
    static let to = WordFlags(rawValue: 1 << 33)
    static let or = WordFlags(rawValue: 1 << 34)
    static let of = WordFlags(rawValue: 1 << 35)
    /// `optional`, `divided`: dropped from the end of a name.
    static let trailingNote = WordFlags(rawValue: 1 << 36)
    /// Words after "or" that say no other amount follows ("or to taste", "or use", "or other").
    static let alternativeLead = WordFlags(rawValue: 1 << 37)
    /// `serve`, `garnish` after "to".
    static let servePurpose = WordFlags(rawValue: 1 << 38)
    /// `je` ("à je 25 g").
    static let each = WordFlags(rawValue: 1 << 39)
}

/// What the parser knows of one lower-cased word.
struct WordInfo: Sendable {
    var flags: WordFlags = []
    /// The unit the word spells alone, as an index + 1 into `UnitVocabulary.units`; 0 for none.
    var unit: UInt16 = 0
    /// The value of a number word or a counting noun.
    var value: Double = 0
    /// The tagger's word class (see `IngredientFeatures.wordClass`), 0 when the word is in no list.
    var wordClass: UInt8 = 0

    static let none = WordInfo()
}

/// Every word the parser knows, in one table looked up once per token: the tokenizer hashes the
/// lower-cased word (FNV-1a, which the tagger's features use too) and finds its `WordInfo`.
/// Keeping the lists in Swift `Set`s cost a hash of the word for every check of every rule.
struct IngredientLexicon: Sendable {
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var words: [String] = []
    private var infos: [WordInfo] = []
    private let mask: Int

    static let shared = IngredientLexicon.build()

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// FNV-1a over UTF-8 bytes.
    @inline(__always) static func fnv<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01B3
        }
        return h
    }

    func lookup(_ word: String, hash: UInt64) -> WordInfo? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { return nil }
            if hashes[Int(entry)] == hash, words[Int(entry)] == word { return infos[Int(entry)] }
            slot = (slot + 1) & mask
        }
    }

    mutating func update(_ word: String, _ change: (inout WordInfo) -> Void) {
        let hash = Self.fnv(word.utf8)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let entry = Int(slots[slot])
            if hashes[entry] == hash, words[entry] == word {
                change(&infos[entry])
                return
            }
            slot = (slot + 1) & mask
        }
        var info = WordInfo()
        change(&info)
        slots[slot] = Int32(words.count)
        hashes.append(hash)
        words.append(word)
        infos.append(info)
    }

    private static func build() -> IngredientLexicon {
        var lexicon = IngredientLexicon(capacity: 12_000)
        func add<S: Sequence>(_ words: S, _ flag: WordFlags) where S.Element == String {
            for word in words { lexicon.update(word) { $0.flags.insert(flag) } }
        }
        // Units: the spelling alone, and the first words of phrases.
        for first in UnitVocabulary.firstWords { lexicon.update(first) { $0.flags.insert(.unitStart) } }
        // A token is one word without dots, so only such spellings are a unit on their own.
        for (spelling, canonical) in UnitVocabulary.table where !spelling.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ".") }) {
            if let index = UnitVocabulary.unitIndex[canonical] { lexicon.update(spelling) { $0.unit = UInt16(index + 1) } }
        }
        for phrase in UnitVocabulary.phrases.keys {
            if let first = phrase.split(separator: " ").first { lexicon.update(String(first)) { $0.flags.insert(.phraseStart) } }
        }
        add(IngredientWords.sizes, .size)
        add(IngredientWords.qualifiers, .qualifier)
        add(IngredientWords.approximations, .approximation)
        add(IngredientWords.preparation, .preparation)
        add(IngredientWords.participles, .participle)
        add(IngredientWords.prenominal, .prenominal)
        add(IngredientWords.connectors, .connector)
        add(IngredientWords.commentStarts, .commentStart)
        add(IngredientWords.vagueLeads, .vagueLead)
        add(IngredientWords.oneArticles, .oneArticle)
        add(IngredientWords.littleWords, .little)
        add(IngredientWords.levels, .level)
        add(IngredientWords.thickness, .thickness)
        add(IngredientWords.unitDescriptions, .unitDescription)
        add(IngredientWords.sheetGoods, .sheetGood)
        add(IngredientWords.cutPieces, .cutPiece)
        add(NumberWords.fractionJoiners, .fractionJoiner)
        add(IngredientRules.rangeWords, .rangeWord)
        add(IngredientRules.alternativeWords, .alternative)
        add(IngredientWords.asNeeded.map { $0[0] }, .asNeededStart)
        add(IngredientWords.commentPhrases.map { $0[0] }, .commentPhraseStart)
        add(["of", "from", "von", "van", "av", "af", "de", "di"], .leadConnector)
        add(["en", "em", "in", "a", "i", "into", "à"], .cutPreposition)
        add(["para", "pour", "per"], .purposePreposition)
        add(["y", "e", "und", "and", "et", "og", "och", "para", "per", "pour", "zum", "zur", "con", "com", "sin", "sem", "with", "til", "till"], .descriptionJoiner)
        add(["and", "und", "en", "et", "y", "e", "og", "och"], .and)
        add(["a", "an"], .article)
        add(["plus"], .plus)
        add(["x", "×"], .times)
        add(["to"], .to)
        add(["or"], .or)
        add(["of"], .of)
        add(["optional", "divided"], .trailingNote)
        add(["to", "use", "other"], .alternativeLead)
        add(["serve", "garnish"], .servePurpose)
        add(["je"], .each)
        for (word, value) in NumberWords.words {
            lexicon.update(word) { $0.flags.insert(.numberWord); $0.value = value }
        }
        for (word, value) in NumberWords.roundCounts {
            lexicon.update(word) { $0.flags.insert(.roundCount); $0.value = value }
        }
        for (word, wordClass) in IngredientFeatures.wordClasses {
            lexicon.update(word) { $0.wordClass = UInt8(wordClass) }
        }
        return lexicon
    }
}
