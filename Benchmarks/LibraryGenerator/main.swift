import Foundation
import LarderCore

// Usage: library-generator COUNT FOLDER [SEED]
//
// Writes COUNT distinct Larder recipe files (canonical JSON, as `larder import` reads them) into
// FOLDER, in 100 subfolders. The recipes vary as a real collection does: titles built from a
// cooking method, a main ingredient and a dish; 3 to 16 ingredient lines with amounts and units;
// 2 to 9 steps; a description; categories, cuisines, tags and diets drawn with a skew (a few
// common, many rare); servings from 1 to 12 (some ranges, some missing); times; a web address on
// one of 60 sites for most, none for the rest. The same COUNT and SEED give the same files.

/// SplitMix64: small, fast, and the same sequence on every machine.
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }
    /// Skewed towards the start of the list, as real labels are (many "Dinner", few "Brunch").
    mutating func skewed<T>(_ items: [T]) -> T {
        let u = Double(next() % 1_000_000) / 1_000_000
        return items[min(items.count - 1, Int(u * u * Double(items.count)))]
    }
}

enum Words {
    static let methods = ["Roasted", "Grilled", "Braised", "Slow-Cooked", "Crispy", "Spicy", "Creamy", "Smoky", "Pan-Fried", "Baked",
                          "Sticky", "Herby", "Lemony", "Garlicky", "One-Pot", "Quick", "Stuffed", "Charred", "Poached", "Glazed",
                          "Honey", "Maple", "Sesame", "Chipotle", "Miso", "Coconut", "Brown Butter", "Harissa", "Za'atar", "Smashed"]
    static let mains = ["Chicken", "Salmon", "Tofu", "Chickpea", "Lentil", "Beef", "Pork", "Lamb", "Mushroom", "Cauliflower", "Aubergine",
                        "Halloumi", "Prawn", "Cod", "Sweet Potato", "Butternut Squash", "Spinach", "Pumpkin", "Black Bean", "Duck",
                        "Turkey", "Tuna", "Courgette", "Leek", "Fennel", "Beetroot", "Apple", "Pear", "Rhubarb", "Chocolate",
                        "Banana", "Lemon", "Strawberry", "Carrot", "Potato", "Paneer", "Crab", "Mackerel", "Sausage", "Egg"]
    static let dishes = ["Curry", "Stew", "Tacos", "Salad", "Soup", "Traybake", "Pie", "Risotto", "Pasta", "Noodles", "Burgers",
                         "Skewers", "Tart", "Gratin", "Fritters", "Bowl", "Flatbreads", "Frittata", "Casserole", "Stir-Fry",
                         "Dumplings", "Crumble", "Cake", "Muffins", "Pancakes", "Galette", "Tagine", "Chili", "Hotpot", "Bake"]
    static let categories = ["Dinner", "Lunch", "Dessert", "Side Dish", "Breakfast", "Starter", "Snack", "Soup", "Salad", "Baking",
                             "Drinks", "Brunch", "Sauces", "Preserves", "Bread"]
    static let cuisines = ["Italian", "Indian", "Mexican", "French", "Chinese", "British", "Thai", "Japanese", "American", "Greek",
                           "Spanish", "Moroccan", "Lebanese", "Korean", "Vietnamese", "Turkish", "German", "Ethiopian", "Peruvian",
                           "Persian", "Caribbean", "Georgian", "Filipino", "Swedish", "Brazilian", "Polish", "Irish", "Sri Lankan"]
    static let tags = ["easy", "weeknight", "make-ahead", "freezer-friendly", "family", "party", "summer", "winter", "autumn",
                       "spring", "budget", "30-minutes", "healthy", "comfort food", "batch cooking", "picnic", "christmas",
                       "barbecue", "kids", "date night", "one-pan", "no-cook", "leftovers", "meal prep", "spicy"]
    static let diets = ["vegetarian", "vegan", "gluten-free", "dairy-free", "low-carb", "nut-free"]
    static let pantry = ["olive oil", "butter", "onion", "red onion", "garlic clove", "shallot", "carrot", "celery stick", "tomato",
                         "tinned tomatoes", "tomato purée", "vegetable stock", "chicken stock", "plain flour", "caster sugar",
                         "brown sugar", "egg", "milk", "double cream", "yoghurt", "parmesan", "cheddar", "feta", "lemon", "lime",
                         "ginger", "red chilli", "cumin", "coriander seeds", "smoked paprika", "turmeric", "garam masala",
                         "cinnamon", "nutmeg", "thyme", "rosemary", "basil", "parsley", "coriander", "mint", "soy sauce",
                         "fish sauce", "rice vinegar", "honey", "maple syrup", "dijon mustard", "basmati rice", "spaghetti",
                         "noodles", "potato", "spinach", "peas", "sweetcorn", "bell pepper", "courgette", "mushroom",
                         "coconut milk", "peanut butter", "sesame oil", "black pepper", "sea salt", "baking powder", "vanilla extract",
                         "dark chocolate", "ground almonds", "oats", "cornflour", "white wine", "red wine", "capers", "olives",
                         "anchovies", "pine nuts", "walnuts", "saffron", "star anise", "cardamom pods", "bay leaf", "chickpeas"]
    static let units: [(String, ClosedRange<Double>)] = [("g", 25...800), ("ml", 50...600), ("tbsp", 1...4), ("tsp", 0.5...3),
                                                          ("cup", 0.25...3), ("", 1...6), ("pinch", 1...2), ("kg", 0.5...2)]
    static let preparations = ["finely chopped", "sliced", "diced", "grated", "crushed", "roughly chopped", "peeled", "melted", "zested"]
    static let verbs = ["Heat", "Fry", "Stir in", "Add", "Simmer", "Whisk", "Fold in", "Season", "Roast", "Bake", "Toss", "Blend",
                        "Pour over", "Scatter", "Serve with"]
    static let siteFirst = ["cook", "kitchen", "recipe", "food", "eat", "bake", "feast", "table"]
    static let siteSecond = ["hub", "notes", "journal", "stories", "box", "lab", "club", "diary"]
    static let sites: [String] = (1...60).map { (n: Int) -> String in
        let first: String = siteFirst[n % 8], second: String = siteSecond[(n / 8) % 8]
        return "www.\(first)\(second)\(n).example"
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let count = Int(arguments[1]), count > 0 else {
    FileHandle.standardError.write(Data("usage: library-generator COUNT FOLDER [SEED]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[2])
var random = Random(state: arguments.count > 3 ? UInt64(arguments[3]) ?? 1 : 1)
let epoch = Date(timeIntervalSince1970: 1_700_000_000)

func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
}

func makeRecipe(_ n: Int, _ random: inout Random) -> Recipe {
    let method = random.skewed(Words.methods), main = random.skewed(Words.mains), dish = random.skewed(Words.dishes)
    let title = "\(method) \(main) \(dish)" + (random.chance(0.3) ? " No. \(n)" : "")
    let cuisine = random.skewed(Words.cuisines)
    let slug = title.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    var recipe = Recipe(id: "gen-\(String(n, radix: 36))-\(slug)", title: title)
    recipe.description = random.chance(0.85)
        ? "A \(random.pick(["cosy", "bright", "simple", "show-stopping", "speedy", "classic", "rustic"])) \(cuisine.lowercased())-style "
            + "\(dish.lowercased()) with \(main.lowercased()), \(random.pick(Words.pantry)) and \(random.pick(Words.pantry))." : nil
    recipe.categories = [random.skewed(Words.categories)] + (random.chance(0.2) ? [random.pick(Words.categories)] : [])
    recipe.cuisines = random.chance(0.9) ? [cuisine] : []
    recipe.tags = Array(Set((0..<random.int(0..<5)).map { _ in random.skewed(Words.tags) })).sorted()
    recipe.diets = random.chance(0.3) ? [random.skewed(Words.diets)] : []
    if random.chance(0.9) {
        let servings = Double(random.int(1..<13))
        let upper: Double? = random.chance(0.15) ? servings + 2 : nil
        recipe.yield = Yield(text: upper.map { "Serves \(number(servings))-\(number($0))" } ?? "Serves \(number(servings))",
                             quantity: Amount(servings, upper: upper), unit: "servings")
    }
    recipe.times = RecipeTimes(prep: RecipeDuration(minutes: Double(5 * random.int(1..<10))), cook: RecipeDuration(minutes: Double(5 * random.int(0..<25))))
    var ingredients = [Ingredient(line: "\(number(Double(random.int(1..<5) * 100))) g \(main.lowercased())", quantity: Amount(Double(random.int(1..<5) * 100)), unit: "g", name: main.lowercased())]
    for _ in 0..<random.int(2..<16) {
        let name = random.pick(Words.pantry)
        let (unit, range) = random.pick(Words.units)
        let amount = (range.lowerBound + Double(random.int(0..<8)) / 7 * (range.upperBound - range.lowerBound) * 4).rounded() / 4
        let preparation: String? = random.chance(0.3) ? random.pick(Words.preparations) : nil
        let line = "\(number(amount))\(unit.isEmpty ? "" : " \(unit)") \(name)" + (preparation.map { ", \($0)" } ?? "")
        ingredients.append(Ingredient(line: line, quantity: Amount(amount), unit: unit.isEmpty ? nil : unit, name: name, preparation: preparation))
    }
    recipe.ingredientGroups = [IngredientGroup(ingredients: ingredients)]
    var steps: [Step] = []
    for step in 0..<random.int(2..<10) {
        let verb: String = random.pick(Words.verbs), thing: String = random.pick(Words.pantry), minutes = random.int(2..<20)
        let then: String = random.pick(Words.verbs).lowercased(), other: String = random.pick(Words.pantry)
        steps.append(Step(text: "\(verb) the \(thing) and the \(main.lowercased()) for \(minutes) minutes, then \(then) \(other) (step \(step + 1))."))
    }
    recipe.instructionSections = [InstructionSection(steps: steps)]
    if random.chance(0.8) {
        let site = random.skewed(Words.sites)
        recipe.provenance = Provenance(sourceURL: "https://\(site)/recipes/\(recipe.id)", site: site, origin: .schemaOrg)
    } else {
        recipe.provenance = Provenance(origin: .json)
    }
    recipe.dates = RecipeDates(created: epoch.addingTimeInterval(Double(n) * 600))
    return recipe
}

let start = Date()
for shard in 0..<100 {
    try FileManager.default.createDirectory(at: folder.appendingPathComponent(String(format: "%02d", shard)), withIntermediateDirectories: true)
}
for n in 0..<count {
    let recipe = makeRecipe(n, &random)
    let file = folder.appendingPathComponent(String(format: "%02d", n % 100)).appendingPathComponent(recipe.id + ".json")
    try CanonicalJSON.encode(recipe).write(to: file)
}
FileHandle.standardError.write(Data(String(format: "generated %d recipes in %.1f s\n", count, Date().timeIntervalSince(start)).utf8))
