"""General English and software vocabulary the detectors reason with, written from general knowledge.

Plain data: entries separated by whitespace (antonym pairs by `|`), `~` joining the words of a
multi-word entry. Nothing here is mined from an
evaluation set. `lexicon.py` turns it into lookups.
"""

from __future__ import annotations

FUNCTION_WORDS = """
a an the this that these those there here it its it's itself
i me my mine we us our ours you your yours he him his she her hers they them their theirs one ones
be is are was were been being am do does did done doing have has had having
will would shall should can could may might must ought
of to in on at by for with from as into onto about over under than then so such very too also just
and or but if while when where which who whom whose what why how whether because though although
some any all each every both either other another more most much many few several
up out off down again once only solely exclusively own same
please via per etc e.g i.e
"""

# Words whose presence flips a clause's polarity (counted by parity, so double negatives cancel).
NEGATORS = "not no never nobody nothing none neither nor nowhere without"

# Verbs and adjectives that state the opposite of doing something: "avoid X", "X is disabled".
# "Do not forget to X" and "You cannot skip X" cancel out to a positive.
NEGATIVE_TERMS = """
avoid avoided avoiding disable disabled disabling forbid forbidden forbids prohibit prohibited
disallow disallowed deprecate deprecated discourage discouraged ban banned banning exclude excluded
reject rejected refuse refused skip skipped skipping omit omitted forget forgetting neglect
quit dislike dislikes unsupported replace replaced prevent prevents against
"""

# Directive words that carry stance but not subject; they are dropped from subject comparison.
DIRECTIVE_TERMS = """
use uses used using utilize always prefer preferred favor favour favored favoured enable enabled
allow allowed recommend recommended
require required mandatory must should need needs ensure make sure keep do don't never avoid
disable disabled forbid forbidden prohibit prohibited disallow deprecated discourage ban exclude
reject refuse skip omit forget neglect include included
"""

# Each line: words that mean one thing. The first entry is the canonical form.
SYNONYMS = """
big large huge enormous giant massive
small little tiny
mother mom mum mommy mama
father dad daddy papa
child kid youngster
nobody no~one
near close~to next~to nearby beside close~by
quickly rapidly fast swiftly speedily
quick rapid fast speedy
happy glad pleased delighted joyful cheerful
sad unhappy miserable sorrowful
road street
sofa couch
picture photo photograph
car automobile
shop store
begin start commence
finish complete
talk speak chat
telephone phone cellphone
woman lady
man guy gentleman
jump bounce hop leap
cut slice chop dice
lawn grass
bike bicycle cycle
someone somebody
shout yell scream
stone rock
garbage trash rubbish
forest woods
film movie
beautiful pretty lovely
ill sick
angry mad furious
difficult hard tough
easy simple
prefer favor favour
correct right
incorrect wrong
buy purchase
help assist
need require
show display
fix repair
error mistake
delete remove
folder directory dir
repository repo
configuration config
documentation docs doc
database db
environment env
authentication auth
application app
parameter param
argument arg
package pkg
library lib
specification spec
production prod
development dev
postgresql postgres psql pg
mongodb mongo
go golang
javascript js
typescript ts
kubernetes k8s
maximum max
character char chars
nodejs node node.js
pr pull~request
github~actions gha
environment~variable env~var
keep retain
live reside locate
instead rather
whisky whiskey
grey gray
colour color
aluminium aluminum
wood wooden
stop halt
"""

# Pairs of opposites, separated by `|`; the two sides of a pair by a space.
ANTONYMS = """
big small|big little|large small|large little|huge tiny|giant tiny|tall short|long short
old young|old new|elderly young|hot cold|warm cold|warm cool|wet dry|full empty
open closed|open close|fast slow|faster slower|quick slow|early late|earlier later|light dark
heavy light|high low|higher lower|hard soft|easy difficult|rich poor|happy sad|good bad|better worse
best worst|clean dirty|cleaning dirtying|alive dead|awake asleep|start end|start stop|start finish
begin end|beginning end|first last|inside outside|indoors outdoors|indoors outside|inside outdoors
on off|onto off|in out|into out~of|up down|above below|over under|before after|with without
near far|near far~from|close~to far~from|close~to far~away~from|near far~away~from|push pull
win lose|winning losing|accept reject|allow deny|allow forbid|increase decrease|increase reduce
improve hurt|improves hurts|improve worsen|improves degrades|add remove|include exclude
including excluding|enable disable|enabled disabled|true false|yes no|success failure
succeed fail|pass fail|passes fails|valid invalid|safe unsafe|secure insecure|public private
internal external|sync async|synchronous asynchronous|mutable immutable|required optional
mandatory optional|stateful stateless|local remote|static dynamic|strict lenient|strict loose
manual automatic|manually automatically|explicit implicit|absolute relative|horizontal vertical
ascending descending|upper lower|uppercase lowercase|buy sell|buys sells|bought sold|give take
arrive leave|enter exit|come go|catch miss|catching missing|hit miss|hitting missing
striking missing|float sink|rise fall|wide narrow|thick thin|fat thin|strong weak|loud quiet
loud silent|noisy quiet|talking silent|speaking silent|day night|daytime nighttime|daytime night
morning night|morning midnight|morning evening|sun moon|love hate|loves hates|loves dislikes
like dislike|likes dislikes|friend enemy|everyone nobody|everybody nobody|all none|more less
most least|many few|maximum minimum|max min|positive negative|major minor|male female|man woman
boy girl|husband wife|brother sister|father mother|son daughter|king queen|gentleman lady
crowded empty|smooth rough|sharp dull|bright dark|bright dim|shallow deep|cheap expensive
top bottom|front back|front rear|left right|north south|east west|forward backward
ancient modern|legacy modern|newer older|latest oldest|raise lower|grow shrink|expand collapse
attach detach|connect disconnect|mount unmount|lock unlock|locked unlocked|install uninstall
deprecated recommended|deprecated supported|supported unsupported|stable unstable|visible hidden
show hide|shown hidden|online offline|present absent|available unavailable|defends attacks
attack defend|listening ignoring|drilling closing|pouring removing|smiling frowning|laugh cry
laughing crying|asleep awake|sleeping awake|background foreground|same different|identical different
allowed forbidden|allowed disallowed|permitted forbidden|always never|blocking non-blocking
keep remove|keep drop|add drop|ignore follow|ignore obey|ignore fix|stop continue|shunning following
start stop|turn~on turn~off|switch~on switch~off|alone with~others|fasting eating
enabled off|enable off|disabled on|active inactive|activated deactivated|activate deactivate
active off|inactive on|enabled inactive|disabled active|turned~on off|turned~off on
"""

# Each line: a class of mutually exclusive values (one swapped for another changes the fact).
EXCLUSIVE_CLASSES = """
colour: red blue green yellow orange purple pink brown black white grey gray silver gold golden violet maroon beige tan turquoise navy teal cyan magenta crimson scarlet indigo lavender olive ivory khaki burgundy blond blonde
number_word: zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion dozen
ordinal: first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth fortieth fiftieth hundredth last
weekday: monday tuesday wednesday thursday friday saturday sunday
month: january february march april june july august september october november december
season: spring summer autumn winter
daytime: morning afternoon evening night midnight noon midday dawn dusk sunrise sunset nighttime daytime
room: kitchen bedroom bathroom living~room dining~room common~room laundry~room prison~cell waiting~room classroom courtroom office garage basement attic hallway lobby cellar nursery closet ballroom restroom lounge pantry porch balcony library gym
country: afghanistan albania algeria argentina armenia australia austria bangladesh belgium bolivia brazil bulgaria cambodia canada chile china colombia croatia cuba czech~republic north~korea south~korea south~africa new~zealand saudi~arabia united~states united~kingdom denmark ecuador egypt england estonia ethiopia finland france germany ghana greece guatemala holland hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kenya laos latvia lebanon lithuania malaysia mexico mongolia morocco nepal netherlands nigeria norway pakistan panama paraguay peru philippines poland portugal romania russia scotland serbia singapore slovakia slovenia spain sweden switzerland syria taiwan tanzania thailand tunisia turkey uganda ukraine uruguay usa uk venezuela vietnam wales yemen zimbabwe
nationality: afghan american argentinian argentine australian austrian belgian bolivian brazilian british bulgarian cambodian canadian chilean chinese colombian croatian cuban czech danish dutch ecuadorian egyptian english estonian ethiopian finnish french german ghanaian greek hungarian icelandic indian indians indonesian iranian iraqi irish israeli italian jamaican japanese kenyan korean north~korean south~korean laotian malaysian mexican mongolian moroccan nepalese nigerian norwegian pakistani peruvian filipino polish portuguese romanian russian scottish serbian singaporean spanish swedish swiss syrian taiwanese thai turkish ukrainian venezuelan vietnamese welsh
continent: africa antarctica asia europe north~america south~america oceania
planet: mercury venus earth mars jupiter saturn uranus neptune pluto
drink: beer wine whisky whiskey vodka tequila rum gin cider champagne brandy sake coffee tea milk juice lemonade soda cola espresso latte cappuccino smoothie cocktail
instrument: guitar piano violin cello drum drums flute trumpet saxophone clarinet harp banjo ukulele accordion trombone tuba harmonica oboe bagpipes organ mandolin xylophone tambourine didgeridoo french~horn electric~guitar acoustic~guitar bass~guitar
material: wood wooden brick stone metal steel iron copper bronze brass aluminum aluminium plastic glass concrete cement marble leather cotton wool silk paper cardboard rubber clay ceramic tin granite nylon denim velvet porcelain titanium sand
vegetable: potato tomato carrot onion lettuce cabbage broccoli cauliflower celery cucumber eggplant spinach pea bean corn garlic pumpkin zucchini radish beet asparagus kale artichoke leek turnip yam avocado
fruit: apple banana grape lemon lime cherry strawberry peach pear plum mango pineapple watermelon melon kiwi blueberry coconut raspberry apricot
animal: dog cat horse cow pig sheep goat chicken duck mouse rat rabbit lion tiger bear elephant monkey giraffe zebra deer wolf fox kangaroo camel snake turtle frog parrot owl eagle shark whale dolphin penguin squirrel hamster
sport: football soccer basketball baseball tennis golf hockey volleyball cricket rugby badminton bowling boxing wrestling
posture: sitting standing lying kneeling walking running sleeping
language: python java javascript typescript go golang rust ruby php kotlin swift scala perl haskell elixir erlang clojure lua dart c++ c# cobol fortran
database: postgresql postgres mysql mariadb sqlite mongodb cassandra dynamodb oracle mssql couchdb neo4j clickhouse
cache_store: redis memcached valkey
package_manager: npm yarn pnpm bun pip poetry pipenv uv conda
indentation: tabs spaces
quote_style: single double
operating_system: linux windows macos ubuntu debian fedora centos alpine arch
cloud: aws gcp azure heroku vercel netlify
frontend_framework: react vue angular svelte preact ember
backend_framework: django flask fastapi rails express spring laravel nestjs phoenix
test_framework: pytest unittest nose jest mocha vitest jasmine cypress playwright
data_format: json xml yaml toml csv ini protobuf
naming_case: camelcase snake_case kebab-case pascalcase
deploy_environment: production prod staging development dev
editor: vim neovim emacs vscode nano sublime
merge_strategy: merge~commit squash rebase
ci_system: github~actions gitlab~ci circleci jenkins travis~ci buildkite azure~pipelines
bundler: vite webpack rollup esbuild parcel turbopack rspack
build_tool: bazel gradle maven cmake meson sbt
migration_tool: alembic flyway liquibase
task_queue: celery rq sidekiq dramatiq huey bullmq
monorepo_tool: turborepo nx lerna
feature_flag_service: launchdarkly unleash flagsmith growthbook
container_registry: ecr ghcr gcr dockerhub quay
container_runtime: docker podman
orchestrator: kubernetes nomad ecs
api_style: rest graphql grpc soap trpc
license: mit apache gpl agpl lgpl bsd mpl
default_branch: main master trunk
log_level: trace debug info warn error fatal critical
frequency: hourly daily weekly monthly yearly
protocol: http https ssh ftp sftp
timezone: utc pst pdt est edt cet
formatter: black prettier yapf autopep8 gofmt ruff
linter: ruff flake8 pylint eslint biome tslint oxlint
"""

# Each line: a general word and what it covers (`class:NAME` takes a whole exclusive class), so
# "there is no person riding" covers "a man is riding".
HYPERNYMS = """
person: man woman boy girl child kid baby lady guy gentleman someone player worker cook
people: men women boys girls children kids persons
animal: class:animal
pet: dog cat hamster parrot rabbit
vegetable: class:vegetable
fruit: class:fruit
food: class:vegetable class:fruit pizza bread meat cheese rice pasta noodle egg soup salad sandwich
drink: class:drink
beverage: class:drink
instrument: class:instrument
colour: class:colour
color: class:colour
room: class:room
country: class:country
planet: class:planet
vehicle: car truck bus bike bicycle motorcycle van jeep train boat scooter
language: class:language
database: class:database
"""

# Markers that scope a claim in time: an evolution, not a contradiction.
TIME_SCOPE_TERMS = "since until previously formerly originally as~of used~to prior~to starting~with starting~from from~now~on going~forward in~the~past"

# Markers that a claim corrects an earlier one.
CORRECTION_TERMS = "actually no~longer anymore any~more instead~of rather~than in~fact turns~out correction was~wrong is~wrong incorrect mistaken contrary~to"
