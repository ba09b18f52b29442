#include <QtTest>

#include "core/common/errors.h"
#include "core/common/language.h"
#include "tests/support/test_main.h"

using isomorph::isValidLanguageCode;

class TestLanguage : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void acceptsIsoAndBcp47() {
        for (const char* ok :
             {"de", "en", "zh", "ja", "zh-Hans", "zh-Hant-TW", "pt-BR", "es-419"}) {
            QVERIFY2(isValidLanguageCode(ok), ok);
        }
    }
    void rejectsTheRest() {
        for (const char* bad : {"", "xx", "DE", "eng", "de-", "zh-hans", "pt-br", "zh-Hans-",
                                "de_DE", "zh-Hans-TW-x", "e"}) {
            QVERIFY2(!isValidLanguageCode(bad), bad);
        }
    }
    void errorNamesWhereAndWhat() {
        try {
            isomorph::requireLanguageCode("xx", "docs.jsonl:3: field 'lang'");
            QFAIL("expected DataError");
        } catch (const isomorph::DataError& e) {
            const std::string msg = e.what();
            QVERIFY(msg.rfind("docs.jsonl:3: field 'lang'", 0) == 0);
            QVERIFY(msg.find("'xx'") != std::string::npos);
        }
    }
    void languageSuffixOfIds() {
        QCOMPARE(isomorph::languageSuffix("ls.1.de"), std::string("de"));
        QCOMPARE(isomorph::languageSuffix("q7.zh-Hant"), std::string("zh-Hant"));
        QCOMPARE(isomorph::languageSuffix("ls.1"), std::string());  // "1" is no language
        QCOMPARE(isomorph::languageSuffix("query"), std::string());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestLanguage)
#include "test_language.moc"
