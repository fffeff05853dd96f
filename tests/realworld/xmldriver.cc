// xmldriver.cc: a small driver for tinyxml2 (a C++ library nobody here
// wrote), for the real-world tests: builds a document of N records, prints
// it, parses the text back R times and sums what it finds.  Deterministic.
// Usage: xmldriver [N [R]]

#include <cstdio>
#include <cstdlib>
#include <string>

#include "tinyxml2.h"

using namespace tinyxml2;

static std::string
build(int n)
{
	XMLDocument doc;
	XMLElement *root = doc.NewElement("catalog");
	doc.InsertFirstChild(root);
	for (int i = 0; i < n; i++) {
		XMLElement *e = doc.NewElement("item");
		e->SetAttribute("id", i);
		e->SetAttribute("price", (i * 37) % 1000 / 10.0);
		XMLElement *t = doc.NewElement("title");
		t->SetText(("Item number " + std::to_string(i)).c_str());
		e->InsertEndChild(t);
		root->InsertEndChild(e);
	}
	XMLPrinter p;
	doc.Print(&p);
	return std::string(p.CStr());
}

static double
walk(const std::string &text)
{
	XMLDocument doc;
	if (doc.Parse(text.c_str(), text.size()) != XML_SUCCESS) {
		std::fprintf(stderr, "xmldriver: parse error\n");
		std::exit(1);
	}
	double sum = 0;
	const XMLElement *root = doc.FirstChildElement("catalog");
	for (const XMLElement *e = root->FirstChildElement("item"); e != nullptr;
	    e = e->NextSiblingElement("item")) {
		sum += e->IntAttribute("id") + e->DoubleAttribute("price");
		const XMLElement *t = e->FirstChildElement("title");
		if (t != nullptr && t->GetText() != nullptr)
			sum += std::string(t->GetText()).size();
	}
	return sum;
}

int
main(int argc, char *argv[])
{
	int n = argc > 1 ? std::atoi(argv[1]) : 20000;
	int r = argc > 2 ? std::atoi(argv[2]) : 20;
	std::string text = build(n);
	double sum = 0;
	for (int i = 0; i < r; i++)
		sum += walk(text);
	std::printf("%zu bytes, sum %.1f\n", text.size(), sum);
	return 0;
}
